// The TypeScript client against the real service (tests/clients/test_typescript_client.py):
// a whole game of every preset, both seats played through the generated client; the
// stream read with an EventSource and resumed with Last-Event-ID; 409, 412 and 429
// handled as the document says. Prints one JSON line; exits 1 on the first failure.
import { followGame, macauClient, sleep, toMove, withRetries, type GameEvent, type GameView, type LegalMove,
         type MacauClient, type MoveRequest } from "../src/index.js";

const [baseUrl = "http://127.0.0.1:8000", auditor = ""] = process.argv.slice(2);

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(what);
}

let seed = 12345;
function random(): number {  // a small deterministic PRNG: the same choices on every run
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

function choose<T>(items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  check(item !== undefined, "choose from an empty list");
  return item;
}

async function view(client: MacauClient, gameId: string): Promise<GameView> {
  const { data, error } = await withRetries(() => client.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }));
  check(data !== undefined, `getGame: ${JSON.stringify(error)}`);
  return data;
}

interface Tally { moves: number; stale: number; conflicts: number; rateLimited: number; events: number; resumed: boolean }

async function playPreset(variant: NonNullable<GameView["variant"]>, tally: Tally): Promise<GameView> {
  const lobby = macauClient(baseUrl);
  const created = await withRetries(() => lobby.POST("/v1/games", {
    body: { variant, seats: 2, players: [{ name: "ts-0" }], seed: 7, turn_timeout_s: null, bot_delay_s: 0 } }));
  check(created.data !== undefined, `createGame ${variant}: ${JSON.stringify(created.error)}`);
  const gameId = created.data.game_id;
  const [first] = created.data.players;
  check(first !== undefined, "the creator has a seat");
  const joined = await withRetries(() => lobby.POST("/v1/games/{game_id}/players",
    { params: { path: { game_id: gameId } }, body: { name: "ts-1" } }));
  check(joined.data !== undefined, `joinGame: ${JSON.stringify(joined.error)}`);
  const tokens = [first.token, joined.data.token];

  // 409: the table is full and playing now
  const late = await withRetries(() => lobby.POST("/v1/games/{game_id}/players",
    { params: { path: { game_id: gameId } }, body: { name: "late" } }));
  check(late.response.status === 409 && late.error !== undefined, `a third join is a 409, not ${late.response.status}`);
  check(late.error.code === "game_started" || late.error.code === "game_full", `409 code ${late.error.code}`);
  tally.conflicts++;

  // the stream, as seat 0 sees it: read a few events, close, resume with Last-Event-ID
  const seen: GameEvent[] = [];
  const errors: unknown[] = [];
  let follow = followGame(baseUrl, gameId, tokens[0], 0, (e) => seen.push(e), (e) => errors.push(e));
  for (let i = 0; i < 200 && seen.length < 3; i++) await sleep(25);
  follow.close();
  check(seen.length >= 3, `the stream sent ${seen.length} events`);
  const resumeAfter = seen[seen.length - 1]?.seq ?? 0;
  follow = followGame(baseUrl, gameId, tokens[0], resumeAfter, (e) => seen.push(e));
  tally.resumed = true;

  const clients = tokens.map((t) => macauClient(baseUrl, t));
  let game = await view(clients[0] ?? lobby, gameId);
  let staleSent = false;
  for (let step = 0; game.status !== "finished"; step++) {
    check(step < 3000, `${variant}: no end after 3000 steps`);
    let acted = false;
    for (const [seat, client] of clients.entries()) {
      const mine = await view(client, gameId);
      const moves: LegalMove[] = mine.you?.legal_moves ?? [];
      if (moves.length === 0) continue;
      const plays = moves.filter((m) => m.action === "play");
      const listed = choose(plays.length > 0 && random() < 0.85 ? plays : moves);
      // a listed move is a request body as it is (no cast); a wish play gets one of its wish_options
      const verbatim: MoveRequest = listed;
      const body: MoveRequest = listed.action === "play" && listed.wish_options !== undefined
        ? toMove(listed, (options) => choose(options)) : verbatim;
      const version = staleSent ? mine.version : mine.version - 1;  // once: a stale If-Match
      const sent = await withRetries(() => client.POST("/v1/games/{game_id}/moves", {
        params: { path: { game_id: gameId }, header: { "If-Match": `"${version}"`,
                                                          "Idempotency-Key": `ts-${gameId}-${seat}-${step}` } },
        body }));
      if (sent.response.status === 412) {  // the game moved on: read it again and decide again
        check(sent.error?.code === "stale_version", "a 412 is stale_version");
        tally.stale++;
        staleSent = true;
        acted = true;
        break;
      }
      if (sent.response.status === 409 || sent.response.status === 422) {
        // a window closed by the clock between the read and the move: read again
        tally.conflicts += sent.response.status === 409 ? 1 : 0;
        continue;
      }
      check(sent.data !== undefined, `postMove ${JSON.stringify(body)}: ${sent.response.status} ${JSON.stringify(sent.error)}`);
      tally.moves++;
      game = sent.data.game;
      acted = true;
      break;
    }
    if (!acted) {  // nothing to do for either seat (a timer runs): wait for the next event
      const before = game.version;
      await withRetries(() => lobby.GET("/v1/games/{game_id}/events",
        { params: { path: { game_id: gameId }, query: { after: before, wait: 2 } } }));
      game = await view(clients[0] ?? lobby, gameId);
    }
  }
  check(staleSent, "a stale If-Match was sent once");

  for (let i = 0; i < 400 && (seen[seen.length - 1]?.seq ?? 0) < game.version; i++) await sleep(25);
  follow.close();
  check(errors.length === 0, `stream errors: ${errors.map(String).join("; ")}`);
  const seqs = seen.map((e) => e.seq);
  check(seqs.every((s, i) => s === i + 1), `the stream skipped or repeated an event: ${seqs.slice(0, 50).join(",")}`);
  check(seqs.length === game.version, `the stream sent ${seqs.length} of ${game.version} events`);
  tally.events += seqs.length;
  for (const e of seen) {
    switch (e.type) {  // the union narrows: each event's data has its own type
      case "card_played": check(e.data.cards.length > 0, "a play plays cards"); break;
      case "cards_drawn": check(e.seat === 0 ? e.data.cards !== undefined : e.data.cards === undefined,
                                "a seat sees only its own drawn cards"); break;
      case "game_ended": check(e.data.winners.length > 0, "a game has a winner"); break;
      default: break;
    }
  }
  const audit = await withRetries(() => lobby.GET("/v1/games/{game_id}/audit", { params: { path: { game_id: gameId } } }));
  check(audit.data?.verified === true, `the audit: ${JSON.stringify(audit.data ?? audit.error)}`);
  return game;
}

async function rateLimited(tally: Tally): Promise<void> {
  const lobby = macauClient(baseUrl);
  for (let i = 0; i < 1000; i++) {
    const r = await lobby.GET("/v1/variants");
    if (r.response.status === 429) {
      check(r.error?.code === "rate_limited", "a 429 says rate_limited");
      const after = r.response.headers.get("Retry-After");
      check(after !== null && /^[1-9][0-9]*$/.test(after), `Retry-After ${after}`);
      tally.rateLimited++;
      const again = await withRetries(() => lobby.GET("/v1/variants"));
      check(again.data !== undefined, "after Retry-After the request goes through");
      return;
    }
  }
  throw new Error("no 429 after 1000 requests");
}

async function main(): Promise<void> {
  const tally: Tally = { moves: 0, stale: 0, conflicts: 0, rateLimited: 0, events: 0, resumed: false };
  const variants = await withRetries(() => macauClient(baseUrl).GET("/v1/variants"));
  check(variants.data !== undefined, "listVariants");
  const presets = variants.data.variants.map((v) => v.id).filter((id) => id !== "custom");
  check(presets.length === 7, `seven presets, not ${presets.length}`);
  const finished: string[] = [];
  for (const variant of presets) {
    const game = await playPreset(variant, tally);
    check(game.status === "finished" && game.result !== null, `${variant} finished with a result`);
    finished.push(variant);
  }
  await rateLimited(tally);
  if (auditor !== "") {
    const games = await withRetries(() => macauClient(baseUrl, auditor).GET("/v1/games", { params: { query: { status: "finished" } } }));
    check((games.data?.games.length ?? 0) >= presets.length, "the finished games are listed");
  }
  console.log(JSON.stringify({ client: "typescript", finished, ...tally }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  process.exit(1);
});
