// A bot on the generated TypeScript client (docs/clients.md): it creates a table against
// one of the service's bots, follows the game's stream, and whenever it may act sends one
// of the moves its view lists.
//   cd clients/typescript && npx tsc -p . && node dist/examples/typescript/bot.js http://127.0.0.1:8000 macau
import { followGame, macauClient, toMove, variantIdValues, withRetries, type GameView, type LegalMove }
  from "../../clients/typescript/src/index.js";

const [baseUrl = "http://127.0.0.1:8000", wanted = "macau"] = process.argv.slice(2);
const variant = variantIdValues.find((v) => v === wanted);
if (variant === undefined) throw new Error(`no variant ${wanted}; one of ${variantIdValues.join(", ")}`);

const created = await withRetries(() => macauClient(baseUrl).POST("/v1/games", {
  body: { variant, seats: 2, players: [{ name: "example bot" }], bots: [{ level: "normal" }], bot_delay_s: 0 } }));
if (created.data === undefined) throw new Error(`createGame: ${JSON.stringify(created.error)}`);
const gameId = created.data.game_id;
const token = created.data.players[0]?.token;
if (token === undefined) throw new Error("no seat");
const me = macauClient(baseUrl, token);

function pick(moves: LegalMove[]): LegalMove | undefined {
  return moves.find((m) => m.action === "play") ?? moves.find((m) => m.action === "announce") ?? moves[0];
}

// one turn at a time: read the view, send a listed move (412: the game moved on, read again)
async function act(): Promise<GameView> {
  for (;;) {
    const read = await withRetries(() => me.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }));
    if (read.data === undefined) throw new Error(`getGame: ${JSON.stringify(read.error)}`);
    const listed = pick(read.data.you?.legal_moves ?? []);
    if (listed === undefined || read.data.status !== "playing") return read.data;
    const sent = await withRetries(() => me.POST("/v1/games/{game_id}/moves", {
      params: { path: { game_id: gameId }, header: { "If-Match": `"${read.data.version}"` } },
      body: toMove(listed) }));
    if ([409, 412, 422].includes(sent.response.status)) continue;  // the game moved on (or ended): read again
    if (sent.data === undefined) throw new Error(`postMove: ${JSON.stringify(sent.error)}`);
  }
}

let busy: Promise<GameView> = act();
const done = new Promise<void>((resolve) => {
  const follow = followGame(baseUrl, gameId, token, 0, (event) => {
    busy = busy.then(() => act());  // every event may hand us the turn
    if (event.type === "game_ended") {
      follow.close();
      resolve();
    }
  });
});
await done;
const end = await busy;
console.log(JSON.stringify({ game_id: gameId, status: end.status, winners: end.result?.winner_seats ?? [] }));
