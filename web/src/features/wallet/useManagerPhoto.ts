import { managerInfoSchema } from "@sofi/core";
import { useApiQuery } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";

/** How long the account panel trusts a read photo: a profile edit refreshes it at once anyway. */
const PHOTO_STALE_MS = 5 * 60_000;

/**
 * The manager's photo_url for the account avatar (spec 000 §2 "Account panel"), from
 * `GET /sofi/managers/{address}`: undefined while unknown, without a photo, or when the read fails
 * (the panel then shows the generated avatar).
 */
export function useManagerPhoto(address: string | undefined): string | undefined {
  const chain = useChainSuffix();
  const info = useApiQuery({
    chain,
    path: `/sofi/managers/${address ?? ""}`,
    params: {},
    schema: managerInfoSchema,
    enabled: !!address,
    staleTimeMs: PHOTO_STALE_MS,
  });
  return info.data?.photo_url ?? undefined;
}
