import { HeartFilled, HeartOutlined } from "@ant-design/icons";
import type { PortfolioDetail } from "@sofi/core";
import { Button, message, Tooltip } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { shortenAddress } from "../wallet/index.ts";
import { formatPercent, formatUsd, trend } from "./format.ts";
import { PortfolioIcon } from "./PortfolioIcon.tsx";
import type { PortfolioState } from "./usePortfolioState.ts";

/** Spec 001 §9: favourite toggling is throttled to one every 2 s. */
export const FAVORITE_THROTTLE_MS = 2_000;

/** Icon, name, symbol, favourite toggle, manager link, value per set and its changes. */
export function PortfolioHeader({ d, s }: { d: PortfolioDetail; s: PortfolioState }) {
  const { t } = useTranslation("portfolios");
  const [toast, holder] = message.useMessage();
  const last = useRef(0);
  const pending = s.favorite.isPending;
  const toggle = () => {
    const now = Date.now();
    if (pending || now - last.current < FAVORITE_THROTTLE_MS) return;
    last.current = now;
    const next = !d.favorite;
    s.favorite.mutate(
      { portfolio: d.address, favorite: next },
      {
        onSuccess: () => void toast.success(next ? t("favorited") : t("unfavorited")),
        onError: (e) => void toast.error(`${t("favoriteFailed")} ${e.message}`),
      },
    );
  };
  const favLabel = !s.account ? t("connectToFavorite") : d.favorite ? t("unfavorite") : t("favorite");
  return (
    <header className="pf-detail-head">
      {holder}
      <div className="pf-detail-id">
        <PortfolioIcon uri={d.avatar_uri} symbol={d.symbol} size={56} />
        <div className="pf-detail-names">
          <div className="pf-detail-title-row">
            <h1 id="page-title" className="page-title pf-detail-title">
              <OnChainText>{d.name}</OnChainText>
            </h1>
            <Tooltip title={favLabel}>
              <Button
                type="text"
                shape="circle"
                aria-label={favLabel}
                aria-pressed={d.favorite}
                disabled={!s.account}
                loading={pending}
                onClick={toggle}
                data-testid="favorite-toggle"
                icon={d.favorite ? <HeartFilled className="pf-fav-on" /> : <HeartOutlined />}
              />
            </Tooltip>
          </div>
          <div className="pf-detail-sub">
            <span className="pf-card-symbol">{d.symbol}</span>
            <span>
              {t("manager")}:{" "}
              <Link to={`/sts/manager/${d.manager}`} className="mono" data-testid="manager-link">
                {shortenAddress(d.manager)}
              </Link>
            </span>
          </div>
        </div>
      </div>
      <div className="pf-detail-price">
        <span className="pf-detail-value" data-testid="portfolio-value" title={t("valuePerSet")}>
          {formatUsd(d.value_per_set)}
        </span>
        <span className={`pf-change ${trend(d.price_changed_24hr)}`} data-testid="portfolio-change">
          {formatPercent(d.price_changed_24hr)} <small>{t("change24h")}</small>
        </span>
      </div>
    </header>
  );
}
