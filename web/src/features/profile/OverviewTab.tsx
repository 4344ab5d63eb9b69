import { Button, Empty, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { formatPercent, formatUsd, trend } from "../portfolios/index.ts";
import { BalanceChart } from "./BalanceChart.tsx";
import { hasSocialLinks, SocialLinks } from "./SocialLinks.tsx";
import type { ProfileState } from "./useProfileState.ts";
import { WalletTable } from "./WalletTable.tsx";

/** Twitter, GitHub, email and mainnet address, when the owner saved them (the shared list, issue 21 §4). */
function SocialSection({ s }: { s: ProfileState }) {
  const { t } = useTranslation("profile");
  const m = s.info.data;
  let body: React.ReactNode;
  if (s.info.isPending) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (s.info.isError || !m)
    body = (
      <Result
        status="warning"
        title={t("loadError")}
        extra={<Button onClick={() => void s.info.refetch()}>{t("retry")}</Button>}
      />
    );
  else if (!hasSocialLinks(m, { mainnet: true }))
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noSocial")} data-testid="social-empty" />;
  else body = <SocialLinks m={m} mainnet />;
  return (
    <section className="pr-panel" aria-labelledby="pr-social">
      <h2 id="pr-social" className="pr-section-title">
        {t("social")}
      </h2>
      {body}
    </section>
  );
}

/** Spec 001 §2 "portfolio balance summary": the held portfolios' value now, its week change and chart. */
function BalanceSummary({ s }: { s: ProfileState }) {
  const { t } = useTranslation("profile");
  const values = s.history.data?.map((p) => p.value) ?? [];
  const now = values.at(-1);
  const start = values.find((v) => v > 0);
  const change = now !== undefined && start ? (now / start - 1) * 100 : null;
  let body: React.ReactNode;
  if (s.history.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (s.history.isError)
    body = (
      <Result
        status="warning"
        title={t("loadError")}
        extra={<Button onClick={() => void s.history.refetch()}>{t("retry")}</Button>}
      />
    );
  else if (values.length === 0 || values.every((v) => v === 0))
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noHistory")} data-testid="balance-empty" />;
  else
    body = (
      <>
        <div className="pr-balance-figures">
          <strong className="pr-balance-value" data-testid="balance-value">
            {formatUsd(now)}
          </strong>
          {change !== null && (
            <span className={trend(change)}>
              {t("weekChange")} {formatPercent(change)}
            </span>
          )}
          {s.participated.data && (
            <span className="pr-hint">{t("held", { count: s.participated.data.portfolios.length })}</span>
          )}
        </div>
        <BalanceChart values={values} />
      </>
    );
  return (
    <section className="pr-panel" aria-labelledby="pr-balance" data-testid="balance-summary">
      <h2 id="pr-balance" className="pr-section-title">
        {t("balance")}
      </h2>
      <p className="pr-hint">{t("balanceHint")}</p>
      {body}
    </section>
  );
}

/** Tab 1 (spec 001 §2): social connections, portfolio balance summary, the wallet table on one's own profile. */
export function OverviewTab({ s }: { s: ProfileState }) {
  return (
    <div className="pr-overview">
      <div className="pr-overview-top">
        <SocialSection s={s} />
        {s.portfolios && <BalanceSummary s={s} />}
      </div>
      {s.own && <WalletTable s={s} />}
    </div>
  );
}
