import { formatDisplayAmount, isAddress, SEARCH_DEBOUNCE_MS, searchTokens } from "@sofi/core";
import { Button, Input, Spin, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import { useChainTokens, useOnChainToken, useTokenBalances } from "./hooks.ts";
import { TokenLogo } from "./TokenLogo.tsx";
import { sameToken, tokenKey, type UiToken } from "./types.ts";
import { TOKEN_ROW_HEIGHT, VirtualList } from "./VirtualList.tsx";

/** Spec 000 §2: common bases offered above the list. `ETH` is the chain's native coin. */
export const COMMON_BASE_SYMBOLS = ["ETH", "WETH", "USDT", "USDC", "DAI", "WBTC"] as const;
const MAX_LIST_HEIGHT = TOKEN_ROW_HEIGHT * 7;
const MIN_LIST_HEIGHT = TOKEN_ROW_HEIGHT * 3;
/** Space the modal's title, search box, common bases and footer take (modal max height is 90vh). */
const CHROME_HEIGHT = 330;

/** The list's height: up to 7 rows, fewer on short screens so the modal fits in 90vh. */
function useListHeight(): number {
  const [vh, setVh] = useState(() => (typeof window === "undefined" ? 900 : window.innerHeight));
  useEffect(() => {
    const onResize = () => setVh(window.innerHeight);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return Math.max(MIN_LIST_HEIGHT, Math.min(MAX_LIST_HEIGHT, Math.floor(vh * 0.9 - CHROME_HEIGHT)));
}

export type SearchViewProps = {
  selected?: UiToken | null;
  other?: UiToken | null;
  showCommonBases?: boolean;
  onSelect: (token: UiToken) => void;
  onImport: (token: UiToken) => void;
  onManage: () => void;
};

function TokenRow({
  token,
  balance,
  isSelected,
  isOther,
  onSelect,
}: {
  token: UiToken;
  balance: bigint | undefined;
  isSelected: boolean;
  isOther: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation("tokens");
  return (
    <button
      type="button"
      role="option"
      aria-selected={isSelected}
      aria-disabled={isSelected}
      aria-label={`${token.symbol} ${token.name}`}
      className="sofi-token-row"
      onClick={() => !isSelected && onSelect()}
      style={{
        display: "flex",
        alignItems: "center",
        gap: 12,
        width: "100%",
        height: TOKEN_ROW_HEIGHT,
        padding: "0 20px",
        border: 0,
        background: "transparent",
        color: "inherit",
        cursor: isSelected ? "default" : "pointer",
        opacity: isSelected || isOther ? 0.5 : 1,
        textAlign: "left",
        font: "inherit",
      }}
    >
      <TokenLogo token={token} size={28} />
      <span style={{ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 }}>
        <Typography.Text strong>{token.symbol}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {token.name}
        </Typography.Text>
      </span>
      <span title={t("balanceOf", { symbol: token.symbol })} style={{ fontVariantNumeric: "tabular-nums" }}>
        {balance === undefined ? "" : formatDisplayAmount(balance, token.decimals, 6)}
      </span>
    </button>
  );
}

export function SearchView({ selected, other, showCommonBases, onSelect, onImport, onManage }: SearchViewProps) {
  const { t } = useTranslation("tokens");
  const tokens = useChainTokens();
  const listHeight = useListHeight();
  const [raw, setRaw] = useState("");
  const query = useDebouncedValue(raw, SEARCH_DEBOUNCE_MS);
  const results = useMemo(() => searchTokens(tokens, query), [tokens, query]);
  const { balances } = useTokenBalances(tokens);
  const trimmed = query.trim();
  const lookup = useOnChainToken(results.length === 0 && isAddress(trimmed) ? trimmed : null);
  const bases = useMemo(
    () =>
      COMMON_BASE_SYMBOLS.map((s) =>
        s === "ETH"
          ? tokens.find((x) => x.address === "native")
          : tokens.find((x) => x.symbol === s && x.address !== "native"),
      ).filter((x): x is UiToken => !!x),
    [tokens],
  );

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <div style={{ padding: "0 20px" }}>
        <Input
          autoFocus
          allowClear
          size="large"
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          placeholder={t("searchPlaceholder")}
          aria-label={t("searchLabel")}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {showCommonBases && bases.length > 0 && (
        <section aria-label={t("commonBases")} style={{ padding: "0 20px" }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("commonBases")}
          </Typography.Text>
          <div style={{ display: "flex", flexWrap: "wrap", gap: 8, marginTop: 6 }}>
            {bases.map((b) => (
              <Button
                key={tokenKey(b)}
                size="small"
                shape="round"
                disabled={sameToken(b, selected)}
                onClick={() => onSelect(b)}
                icon={<TokenLogo token={b} size={18} />}
                aria-label={`${b.symbol} ${b.name}`}
              >
                {b.symbol}
              </Button>
            ))}
          </div>
        </section>
      )}
      <div style={{ borderTop: "1px solid rgba(128,128,128,0.2)" }}>
        {results.length > 0 ? (
          <VirtualList
            ariaLabel={t("tokenList")}
            items={results}
            height={listHeight}
            itemKey={tokenKey}
            renderItem={(token) => (
              <TokenRow
                token={token}
                balance={balances[tokenKey(token)]}
                isSelected={sameToken(token, selected)}
                isOther={sameToken(token, other)}
                onSelect={() => onSelect(token)}
              />
            )}
          />
        ) : lookup.isLoading ? (
          <div style={{ padding: 24, textAlign: "center" }}>
            <Spin aria-label={t("loading")} />
          </div>
        ) : lookup.token ? (
          <div
            style={{ display: "flex", alignItems: "center", gap: 12, height: TOKEN_ROW_HEIGHT, padding: "0 20px" }}
            data-testid="import-row"
          >
            <TokenLogo token={lookup.token} size={28} />
            <span style={{ display: "flex", flexDirection: "column", flex: 1, minWidth: 0 }}>
              <Typography.Text strong>{lookup.token.symbol}</Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {lookup.token.name}
              </Typography.Text>
            </span>
            <Button type="primary" onClick={() => lookup.token && onImport(lookup.token)}>
              {t("import")}
            </Button>
          </div>
        ) : (
          <Typography.Paragraph type="secondary" style={{ padding: 24, textAlign: "center", margin: 0 }}>
            {lookup.notAToken ? t("tokenNotFound") : t("noResults")}
          </Typography.Paragraph>
        )}
      </div>
      <div style={{ borderTop: "1px solid rgba(128,128,128,0.2)", padding: "8px 20px 0", textAlign: "center" }}>
        <Button type="link" onClick={onManage}>
          {t("manage")}
        </Button>
      </div>
    </div>
  );
}
