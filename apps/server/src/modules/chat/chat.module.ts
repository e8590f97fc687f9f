import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { chatWidgetEnabled } from '../../db/chat-settings.ts';
import { sha256 } from '../../lib/ids.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { publicChatRoutes } from './chat.routes.ts';
import { type ChatLimits, createChatService, type RecordAudit } from './chat.service.ts';
import { chatSocketHandler } from './chat.socket.ts';
import { chatConsoleRoutes } from './chat-console.routes.ts';
import { createChatFileStore } from './chat-files.ts';
import { createChatCounter } from './chat-limits.ts';
import type { ChatRealtime } from './chat-push.ts';

export interface ChatNeeds {
  realtime: ChatRealtime;
  recordAudit: RecordAudit;
  log: FastifyBaseLogger;
  /** Tests lower the limits. */
  limits?: ChatLimits;
}

/**
 * Support chat (issue 17): the player widget's calls and socket rooms, and the agents' console.
 * Files live under DATA_DIR/chat, outside every served folder.
 */
export function chatFeature(ctx: FeatureContext, needs: ChatNeeds): FeatureRoutes {
  const counter = createChatCounter(ctx.config.redisUrl, needs.log);
  const chat = createChatService({
    db: ctx.db,
    clock: ctx.clock,
    files: createChatFileStore(join(ctx.config.dataDir, 'chat'), sha256(`chat-files:${ctx.secret}`)),
    counter,
    push: needs.realtime,
    recordAudit: needs.recordAudit,
    enabled: () => chatWidgetEnabled(ctx.db, ctx.config.enableChatWidget),
    ...(needs.limits ? { limits: needs.limits } : {}),
  });
  needs.realtime.onConnection(chatSocketHandler(chat, needs.log));
  return {
    public: async (app) => {
      await app.register(publicChatRoutes, { chat, db: ctx.db, clock: ctx.clock });
    },
    operator: async (app) => {
      await app.register(chatConsoleRoutes, { chat });
    },
    close: () => counter.close(),
  };
}
