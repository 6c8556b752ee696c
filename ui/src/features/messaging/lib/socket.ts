import { useEffect } from 'react';
import { create } from 'zustand';
import { queryClient } from '@/lib/query-client';
import { receivedKey, threadKey } from '../api/messages';

/** SPEC.md section 4: on close, reconnect after 3 seconds. */
export const SOCKET_RETRY_MS = 3000;

type SocketState = 'idle' | 'connecting' | 'connected';

export const useSocketStore = create<{ state: SocketState }>()(() => ({ state: 'idle' }));

let socket: WebSocket | null = null;
let socketUserId: number | null = null;
let users = 0;
let retryTimer: number | undefined;
/** Set once the user signs out: no (re)connection may start while the session ends. */
let signedOut = false;

/** Sign-out flows announce themselves with this window event (lib/auth's SIGN_OUT_EVENT). */
window.addEventListener('internreel:signout', () => {
  signedOut = true;
  disconnect();
});

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
    if (typeof data !== 'object' || data === null) return;
    const msg = data as { type?: string; applicationId?: number };
    if (msg.type === 'joined') {
      useSocketStore.setState({ state: 'connected' });
    } else if (msg.type === 'new_message') {
      if (typeof msg.applicationId === 'number') {
        void queryClient.invalidateQueries({ queryKey: threadKey(msg.applicationId) });
      }
      void queryClient.invalidateQueries({ queryKey: receivedKey(userId) });
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
 * Keep the one `/ws` connection open while any messaging component is mounted: join as the
 * signed-in user; on `new_message` refetch that thread and the unread list.
 */
export function useMessagesSocket(userId: number | undefined): SocketState {
  useEffect(() => {
    if (userId === undefined) return;
    users += 1;
    if (socketUserId !== userId) {
      disconnect();
      connect(userId);
    }
    return () => {
      users -= 1;
      if (users === 0) disconnect();
    };
  }, [userId]);
  return useSocketStore((s) => s.state);
}
