import { z } from 'zod';
import { isoDateTime, pageRequest } from './common.ts';

export const inviteListRequest = pageRequest;
export type InviteListRequest = z.infer<typeof inviteListRequest>;

export const invite = z.object({
  from: z.object({ name: z.string() }),
  amount: z.number(),
  createdAt: isoDateTime,
});
export type Invite = z.infer<typeof invite>;

/** POST /api/invite. */
export const inviteListResponse = z.object({ total: z.number().int(), invites: z.array(invite) });
export type InviteListResponse = z.infer<typeof inviteListResponse>;

/**
 * GET /api/invite/bonus (designed here). SPEC shows the call both reading and receiving, so receiving is
 * asked for explicitly with ?claim=true; without it the call only reads.
 */
export const inviteBonusQuery = z.object({ claim: z.stringbool().optional().default(false) });
export type InviteBonusQuery = z.input<typeof inviteBonusQuery>;

/**
 * The invite amount with the success and fail percents of the bonus it becomes (designed here). message
 * is INVITE_BONUS_SUCCESS after a claim and absent on a read.
 */
export const inviteBonusResponse = z.object({
  amount: z.number(),
  success: z.number(),
  fail: z.number(),
  message: z.string().optional(),
});
export type InviteBonusResponse = z.infer<typeof inviteBonusResponse>;
