/** The chat console's query keys: the live socket updates what these hold. */
export const chatKey = ['backoffice', 'chat'] as const;
export const inboxKey = [...chatKey, 'inbox'] as const;
export const conversationKey = (id: string) => [...chatKey, 'conversation', id] as const;
export const messagesKey = (id: string) => [...chatKey, 'messages', id] as const;
export const notesKey = (id: string) => [...chatKey, 'notes', id] as const;
export const sidebarKey = (id: string) => [...chatKey, 'sidebar', id] as const;
export const typingKey = (id: string) => [...chatKey, 'typing', id] as const;
export const agentsKey = [...chatKey, 'agents'] as const;
export const cannedKey = [...chatKey, 'canned'] as const;

export const conversationUrl = (id: string, rest = '') =>
  `/api/backoffice/chat/conversations/${encodeURIComponent(id)}${rest}`;
