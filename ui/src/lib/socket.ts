import { useEffect } from 'react';
import { create } from 'zustand';
import { afterFirstPaint } from './boot';

/**
 * The one `/ws` connection of the app, shared by every live feature (messaging, notifications).
 * It is open while any component that needs it is mounted (`useLiveSocket`), joins as the
 * signed-in user, and hands every frame to the listeners registered with `onSocketFrame`.
 */

/** On close, reconnect after 3 seconds. */
export const SOCKET_RETRY_MS = 3000;

export type SocketState = 'idle' | 'connecting' | 'connected';

export const useSocketStore = create<{ state: SocketState }>()(() => ({ state: 'idle' }));

/** A frame the server sent: a JSON object with a `type` (`joined`, `new_message`, `notification`, ...). */
export type SocketFrame = { type?: unknown } & Record<string, unknown>;

/** Called with each frame and the user the connection joined as. */
export type SocketFrameListener = (frame: SocketFrame, userId: number) => void;

const listeners = new Set<SocketFrameListener>();

let socket: WebSocket | null = null;
let socketUserId: number | null = null;
let users = 0;
let retryTimer: number | undefined;
/** The last user's unmount closes the connection a turn later, unless another mounts first. */
let closeTimer: number | undefined;
/** Set once the user signs out: no (re)connection may start while the session ends. */
let signedOut = false;

/** Sign-out flows announce themselves with this window event (lib/auth's SIGN_OUT_EVENT). */
window.addEventListener('internreel:signout', () => {
  signedOut = true;
  disconnect();
});

/** Hear every frame of the socket; returns the function that stops listening. */
export function onSocketFrame(listener: SocketFrameListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws`;
}

function connect(userId: number): void {
  window.clearTimeout(retryTimer);
  if (signedOut) return;
  socketUserId = userId;
  useSocketStore.setState({ state: 'connecting' });
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    scheduleRetry();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: 'join', userId }));
  };
  ws.onmessage = (event) => {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const frame = data as SocketFrame;
    if (frame.type === 'joined') useSocketStore.setState({ state: 'connected' });
    for (const listener of [...listeners]) {
      try {
        listener(frame, userId);
      } catch {
        // One feature's failure must not keep the frame from the others.
      }
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    useSocketStore.setState({ state: 'connecting' });
    scheduleRetry();
  };
  ws.onerror = () => {
    // onclose follows and schedules the retry.
  };
}

function scheduleRetry(): void {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => {
    if (users > 0 && socketUserId !== null) connect(socketUserId);
  }, SOCKET_RETRY_MS);
}

function disconnect(): void {
  window.clearTimeout(retryTimer);
  const ws = socket;
  socket = null;
  socketUserId = null;
  ws?.close();
  useSocketStore.setState({ state: 'idle' });
}

/**
 * Keep the one `/ws` connection open while the calling component is mounted, joined as
 * `userId` (nothing while it is undefined), from the first screen's paint on. Returns the
 * connection's state.
 */
export function useLiveSocket(userId: number | undefined): SocketState {
  useEffect(() => {
    if (userId === undefined) return;
    // Not before the first screen is painted (lib/boot): the first paint does not need it.
    let mounted = true;
    let counted = false;
    afterFirstPaint(() => {
      if (!mounted) return;
      counted = true;
      users += 1;
      window.clearTimeout(closeTimer);
      if (socketUserId !== userId) {
        disconnect();
        connect(userId);
      }
    });
    return () => {
      mounted = false;
      if (!counted) return;
      users -= 1;
      // A turn later: a screen replacing another, or StrictMode mounting an effect again in
      // development, keeps the connection instead of closing it mid-handshake.
      if (users === 0) closeTimer = window.setTimeout(() => users === 0 && disconnect(), 0);
    };
  }, [userId]);
  return useSocketStore((s) => s.state);
}
