import { useApi } from "../../kernel/api.ts";

/** How long the account panel trusts a read photo: a profile edit refreshes it at once anyway. */
const PHOTO_STALE_MS = 5 * 60_000;

/**
 * The manager's photo_url for the account avatar (spec 000 §2 "Account panel"), from
 * `GET /sofi/managers/{address}`: undefined while unknown, without a photo, or when the read fails
 * (the panel then shows the generated avatar).
 */
export function useManagerPhoto(address: string | undefined): string | undefined {
  const info = useApi("manager", { params: { address }, staleTimeMs: PHOTO_STALE_MS });
  return info.data?.photo_url ?? undefined;
}
