import { CopyOutlined } from "@ant-design/icons";
import type { ManagerInfo } from "@sofi/core";
import { COPY_CONFIRMATION_MS } from "@sofi/core";
import { Button, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { copyText } from "../../kernel/clipboard.ts";
import { formatCompactUsd, formatPercent, trend } from "../portfolios/index.ts";
import { SocialLinks } from "../profile/index.ts";
import { Identicon } from "../wallet/index.ts";
import { daysSince } from "./performance.ts";

/**
 * The manager card (spec 001 §2): avatar, address with copy, days since creation, social links
 * (twitter, github, email) when the manager saved them, and the totals of their portfolios.
 */
export function ManagerCard({ m }: { m: ManagerInfo }) {
  const { t } = useTranslation("manager");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(id);
  }, [copied]);
  const days = daysSince(m.created_at);
  return (
    <aside className="mg-panel mg-card" aria-labelledby="mg-card-title" data-testid="manager-card">
      <h2 id="mg-card-title" className="mg-section-title">
        {t("card")}
      </h2>
      <div className="mg-who">
        {m.photo_url ? (
          <img src={m.photo_url} alt="" width={64} height={64} className="mg-photo" />
        ) : (
          <Identicon address={m.address} size={64} />
        )}
        <div className="mg-who-text">
          {m.name && <strong className="mg-card-name">{m.name}</strong>}
          <span className="mg-address mono" data-testid="manager-address">
            {m.address}
          </span>
          <Tooltip title={copied ? t("copied") : t("copy")}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t("copy")}
              onClick={() => void copyText(m.address).then(() => setCopied(true))}
              data-testid="manager-copy"
            >
              {copied ? t("copied") : null}
            </Button>
          </Tooltip>
        </div>
      </div>
      <p className="mg-days" data-testid="manager-days">
        {m.total_sets > 0 || m.created_at ? t("days", { count: days }) : t("newManager")}
        {" · "}
        {t("followers", { count: m.followers_count })}
      </p>
      {m.profile && <p className="mg-profile">{m.profile}</p>}
      <div className="mg-links">
        <SocialLinks m={m} />
      </div>
      <dl className="mg-totals" aria-label={t("totals")}>
        <div>
          <dt>{t("totalMarketCap")}</dt>
          <dd>{formatCompactUsd(m.total_market_cap)}</dd>
        </div>
        <div>
          <dt>{t("allApy")}</dt>
          <dd className={trend(m.all_apy)}>{formatPercent(m.all_apy)}</dd>
        </div>
        <div>
          <dt>{t("totalSets")}</dt>
          <dd>{m.total_sets}</dd>
        </div>
        <div>
          <dt>{t("totalHolders")}</dt>
          <dd>{m.total_holders}</dd>
        </div>
      </dl>
      <Link to={`/sts/profile/${m.address}`}>{t("profile")}</Link>
    </aside>
  );
}
