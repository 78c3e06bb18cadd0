// The Macau service's typed client: the generated types (src/schema.ts, `./dev clients`)
// over openapi-fetch, and the few rules every client follows (docs/clients.md).
import createClient, { type Client } from "openapi-fetch";
import { EventSource } from "eventsource";
import type { components, paths } from "./schema.js";
import { eventTypeValues } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Schemas = components["schemas"];
export type GameView = Schemas["GameView"];
export type LegalMove = Schemas["LegalMove"];
export type MoveRequest = Schemas["MoveRequest"];
export type WishChoice = Schemas["WishChoice"];
export type GameEvent = Schemas["Event"];
export type TurnFrame = Schemas["TurnFrame"];
export type EventType = Schemas["EventType"];
export type Problem = Schemas["Problem"];
export type MacauClient = Client<paths>;

/** A client of the service at `baseUrl`; with `token` (a seat's, or the auditor's) every request carries it. */
export function macauClient(baseUrl: string, token?: string): MacauClient {
  return createClient<paths>({ baseUrl, headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });
}

/**
 * A listed move as the body to send. Every listed move is a request body as it is; a play
 * whose last card makes a wish lists the wishes it may make (`wish_options`) instead of
 * the wish: `pick` chooses one (default: the first).
 */
export function toMove(move: LegalMove, pick: (options: WishChoice[]) => WishChoice | undefined = (o) => o[0]): MoveRequest {
  if (move.action !== "play") return move;
  const { wish_options, ...play } = move;
  return wish_options === undefined ? play : { ...play, wish: pick(wish_options) };
}

/** Seconds to wait before retrying a 429 or 503, from its Retry-After (1 if it is missing or unreadable). */
export function retryAfterSeconds(response: Response): number {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 1;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * `call()` again while it answers 429 or 503, after each answer's Retry-After, at most
 * `attempts` times: what the document asks of every client.
 */
export async function withRetries<T extends { response: Response }>(call: () => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 1; ; i++) {
    const result = await call();
    const status = result.response.status;
    if ((status !== 429 && status !== 503) || i >= attempts) return result;
    await sleep(retryAfterSeconds(result.response) * 1000);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isEventType(value: unknown): value is EventType {
  return eventTypeValues.some((t) => t === value);
}

function isEvent(value: unknown): value is GameEvent {
  return isObject(value) && typeof value.seq === "number" && typeof value.at === "string" && isEventType(value.type)
    && isObject(value.data);
}

/** An SSE message's data as an Event: the one check at the boundary (JSON.parse knows no types). */
export function parseEvent(data: string): GameEvent {
  const value: unknown = JSON.parse(data);
  if (!isEvent(value)) throw new Error(`not an event: ${data.slice(0, 200)}`);
  return value;
}

function isTurnFrame(value: unknown): value is TurnFrame {
  return isObject(value) && value.type === "your_turn" && typeof value.version === "number"
    && typeof value.seat === "number" && Array.isArray(value.legal_moves) && Array.isArray(value.hand);
}

/** A `your_turn` message's data as a TurnFrame (the seat's legal moves, hand and version). */
export function parseTurnFrame(data: string): TurnFrame {
  const value: unknown = JSON.parse(data);
  if (!isTurnFrame(value)) throw new Error(`not a turn frame: ${data.slice(0, 200)}`);
  return value;
}

export interface Follow {
  /** Stops the stream. */
  close(): void;
}

/**
 * Follows a game's event stream with an off-the-shelf EventSource that sends headers: the
 * token in Authorization (never in the URL), and `Last-Event-ID` to resume after `after`.
 * An EventSource delivers an event only to the listener of its name, so one is added for
 * every event type the document lists. With a seat's token, `onTurn` hears the seat's turn
 * frames (`your_turn`: what it may do now, no read of the game needed).
 */
export function followGame(baseUrl: string, gameId: string, token: string | undefined, after: number,
                           onEvent: (event: GameEvent) => void, onError: (error: unknown) => void = () => {},
                           onTurn: (frame: TurnFrame) => void = () => {}): Follow {
  const source = new EventSource(`${baseUrl}/v1/games/${encodeURIComponent(gameId)}/stream`, {
    fetch: (url, init) => {
      const headers: Record<string, string> = { ...init.headers };
      if (token !== undefined) headers["Authorization"] = `Bearer ${token}`;
      if (after > 0 && headers["Last-Event-ID"] === undefined) headers["Last-Event-ID"] = String(after);
      return fetch(url, { ...init, headers });
    },
  });
  for (const type of eventTypeValues) {
    source.addEventListener(type, (message) => {
      try {
        onEvent(parseEvent(message.data));
      } catch (error) {
        onError(error);
      }
    });
  }
  source.addEventListener("your_turn", (message) => {
    try {
      onTurn(parseTurnFrame(message.data));
    } catch (error) {
      onError(error);
    }
  });
  source.addEventListener("error", (error) => onError(error));
  return { close: () => source.close() };
}

export { variantIdValues, eventTypeValues } from "./schema.js";
