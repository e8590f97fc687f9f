import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/operator-auth.ts';
import type { AuditActor } from './audit.service.ts';

/** The audit log's "who, from where" for a call behind the operator check. */
export function actorOf(request: FastifyRequest): AuditActor {
  const operator = operatorOf(request);
  return {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    ip: request.ip,
    requestId: request.id,
  };
}
