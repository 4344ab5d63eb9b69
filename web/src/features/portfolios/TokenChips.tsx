import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { TokenLogo } from "../tokens/index.ts";

/**
 * The home's token chips (spec 001 §2 "Token chips list; a click runs a search"): this chain's
 * listed tokens; a chip searches for its symbol, which finds portfolios holding that token as well
 * as names and symbols containing it. Read from the deployment the app already has (no request).
 */
export function TokenChips({ onSearch }: { onSearch: (symbol: string) => void }) {
  const { t } = useTranslation("portfolios");
  const config = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const tokens = config.chains.find((c) => c.id === chainId)?.deployment?.tokens ?? [];
  if (tokens.length === 0) return null;
  return (
    <section className="pf-section" aria-labelledby="pf-token-chips">
      <h2 id="pf-token-chips" className="pf-section-title">
        {t("tokenChips")}
      </h2>
      <ul className="pf-chips">
        {tokens.map((token) => (
          <li key={token.address}>
            <button
              type="button"
              className="pf-chip"
              onClick={() => onSearch(token.symbol)}
              aria-label={t("searchToken", { symbol: token.symbol })}
              data-testid="token-chip"
            >
              <TokenLogo token={token} size={20} />
              {token.symbol}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
