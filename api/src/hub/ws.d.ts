/**
 * The part of `ws` (installed with @fastify/websocket, which ships no types for it) that the hub,
 * its tests and its benchmark use. Remove this file if @types/ws is ever added.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ClientOptions {
    /** Answer the server's pings by itself (true by default); tests turn it off to play a dead client. */
    autoPong?: boolean;
    headers?: Record<string, string>;
    perMessageDeflate?: boolean;
    handshakeTimeout?: number;
  }

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string | URL, options?: ClientOptions);
    readonly readyState: 0 | 1 | 2 | 3;
    /** Bytes queued in user land, not yet handed to the kernel. */
    readonly bufferedAmount: number;
    send(data: string | Buffer, options?: { binary?: boolean }, callback?: (error?: Error) => void): void;
    ping(data?: Buffer): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'ping' | 'pong', listener: (data: Buffer) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: { statusCode?: number }) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
  }

  class WebSocketServer extends EventEmitter {
    readonly clients: Set<WebSocket>;
    close(callback?: (error?: Error) => void): void;
  }

  export { type ClientOptions, type RawData, WebSocket, WebSocketServer, WebSocketServer as Server };
  export default WebSocket;
}
