import type { QueryClient } from '@tanstack/react-query';
import type { GameAccount } from '@wallet/contract/wallet';
import { autoLogin } from '@/features/game-account/api/auto-login';
import { gameAccountQueryKey, getGameAccount } from '@/features/game-account/api/get-game-account';
import { isAutoLoginProvider, type LaunchKind, preferredLink } from './launch';

/** The one-time link of an auto-login provider, signed in with the player's game credentials. */
export async function autoLoginLink(provider: string, username: string, password: string): Promise<string> {
  return (await autoLogin(provider, username, password)).link;
}

/** What "play" opens for a game: auto-login providers sign in through the API, the others open their link. */
export async function playLink(queryClient: QueryClient, slot: GameAccount): Promise<string | null> {
  if (isAutoLoginProvider(slot.code)) {
    const account = await queryClient.fetchQuery({
      queryKey: gameAccountQueryKey(slot.code),
      queryFn: () => getGameAccount(slot.code),
    });
    return autoLoginLink(slot.code, account.username, account.password);
  }
  return preferredLink(slot);
}

export function linkOf(slot: GameAccount, kind: LaunchKind): string | null {
  return slot[kind];
}
