// A bot on the generated TypeScript client (docs/clients.md): it creates a table against
// one of the service's bots, follows the game's stream, and whenever the stream gives it its
// turn (a `your_turn` frame: its legal moves and the version) sends one of those moves. It
// never reads the game while it plays.
//   cd clients/typescript && npx tsc -p . && node dist/examples/typescript/bot.js http://127.0.0.1:8000 macau
import { followGame, macauClient, toMove, variantIdValues, withRetries, type GameView, type LegalMove,
  type TurnFrame } from "../../clients/typescript/src/index.js";

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

// a turn frame lists what the seat may do now: send one of its moves (409, 412, 422: the game
// moved on meanwhile, and the frame that comes next says what is left to do)
async function act(frame: TurnFrame): Promise<void> {
  const listed = pick(frame.legal_moves);
  if (listed === undefined) return;
  const sent = await withRetries(() => me.POST("/v1/games/{game_id}/moves", {
    params: { path: { game_id: gameId }, header: { "If-Match": `"${frame.version}"` } },
    body: toMove(listed) }));
  if (sent.data === undefined && ![409, 412, 422].includes(sent.response.status)) {
    throw new Error(`postMove: ${JSON.stringify(sent.error)}`);
  }
}

let busy: Promise<void> = Promise.resolve();
let failure: unknown = undefined;
await new Promise<void>((resolve) => {
  const follow = followGame(baseUrl, gameId, token, 0, (event) => {
    if (event.type === "game_ended") {
      follow.close();
      resolve();
    }
  }, (error) => { failure = error; }, (frame) => {
    busy = busy.then(() => act(frame));  // one move at a time, each from its own frame
  });
});
await busy;
if (failure !== undefined && !(failure instanceof Event)) throw failure;
const read = await withRetries(() => me.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }));
if (read.data === undefined) throw new Error(`getGame: ${JSON.stringify(read.error)}`);
const end: GameView = read.data;
console.log(JSON.stringify({ game_id: gameId, status: end.status, winners: end.result?.winner_seats ?? [] }));
