import { useParams } from 'react-router';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { RequirePermission } from '../guards/require-permission';

export default function ChatRoute() {
  const { id = null } = useParams();
  return (
    <RequirePermission needs="GET /api/backoffice/chat/conversations">
      <ChatScreen conversationId={id} />
    </RequirePermission>
  );
}
