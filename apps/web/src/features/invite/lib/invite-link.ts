import { INVITE_CODE_PREFIX } from '@wallet/contract/constants';
import { paths } from '@/lib/paths';

/** A player's invite code: PR and their profile id (SPEC §2, /register?code=PR{profile id}). */
export function inviteCode(profileId: string): string {
  return `${INVITE_CODE_PREFIX}${profileId}`;
}

/** The register screen with the code filled in, on this app's own address. */
export function inviteLink(profileId: string, origin: string = window.location.origin): string {
  return `${origin}${paths.register}?code=${encodeURIComponent(inviteCode(profileId))}`;
}

/** LINE's share address: opens LINE with the text ready to send to a friend or group (no SDK needed). */
export function lineShareUrl(text: string): string {
  return `https://line.me/R/msg/text/?${encodeURIComponent(text)}`;
}
