import { onSocketFrame, useLiveSocket, type SocketState } from '@/lib/socket';
import { queryClient } from '@/lib/query-client';
import { receivedKey, threadKey } from './messages';

// On `new_message`: refetch that thread and the unread list.
onSocketFrame((frame, userId) => {
  if (frame.type !== 'new_message') return;
  if (typeof frame.applicationId === 'number') {
    void queryClient.invalidateQueries({ queryKey: threadKey(frame.applicationId) });
  }
  void queryClient.invalidateQueries({ queryKey: receivedKey(userId) });
});

/**
 * Keep the shared `/ws` connection (lib/socket) open while any messaging component is
 * mounted, joined as the signed-in user; `new_message` frames refresh the messages.
 */
export function useMessagesSocket(userId: number | undefined): SocketState {
  return useLiveSocket(userId);
}
