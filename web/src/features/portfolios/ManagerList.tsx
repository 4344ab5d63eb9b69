import type { ManagerListItem } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Identicon, shortenAddress } from "../wallet/index.ts";
import { formatCompactUsd, formatPercent, trend } from "./format.ts";
import { ListStates } from "./ListStates.tsx";
import { RiskScore } from "./TrackRecordCard.tsx";

/**
 * Managers in a list (spec 001 §2 home "Managers list of 5", `/sts/more/managers`): avatar, name or
 * shortened address, portfolios run, their market cap and mean APY, and their track record's return
 * since inception (ETH over the same days in its hint) and risk score (issue 21 §3). A click goes to
 * the manager's profile `/sts/profile/{address}` (spec 001 §2). Loading, error with retry and empty states.
 */
export function ManagerList(props: {
  items: ManagerListItem[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText: string;
  label: string;
  skeletons?: number;
}) {
  const { t } = useTranslation("portfolios");
  return (
    <ListStates
      kind="managers"
      label={props.label}
      className="pf-managers"
      itemClassName="pf-manager"
      count={props.items?.length}
      loading={props.loading}
      error={props.error}
      errorTitle={t("managersLoadError")}
      onRetry={props.onRetry}
      emptyText={props.emptyText}
      skeletons={props.skeletons ?? 5}
      skeletonRows={1}
    >
      {props.items?.map((m) => (
        <li key={m.address} className="pf-manager">
          <Link
            to={`/sts/profile/${m.address}`}
            className="pf-manager-link"
            aria-label={t("managerLink", { name: m.name ?? shortenAddress(m.address) })}
            data-testid="manager-row"
          >
            {m.photo_url ? (
              <img src={m.photo_url} alt="" width={40} height={40} className="pf-manager-photo" />
            ) : (
              <Identicon address={m.address} size={40} />
            )}
            <div className="pf-manager-who">
              <span className="pf-manager-name">{m.name ?? shortenAddress(m.address)}</span>
              <span className="pf-manager-sets">{t("managerSets", { count: m.total_sets })}</span>
            </div>
            <dl className="pf-manager-stats">
              <div>
                <dt>{t("marketCap")}</dt>
                <dd>{formatCompactUsd(m.total_market_cap)}</dd>
              </div>
              <div>
                <dt>{t("apy")}</dt>
                <dd className={trend(m.all_apy)}>{formatPercent(m.all_apy)}</dd>
              </div>
              {m.track_record && (
                <div
                  title={t("managerReturnHint", { eth: formatPercent(m.track_record.eth_return_inception) })}
                  data-testid="manager-return"
                >
                  <dt>{t("managerReturn")}</dt>
                  <dd className={trend(m.track_record.return_inception)}>
                    {formatPercent(m.track_record.return_inception)}
                  </dd>
                </div>
              )}
              {m.track_record && (
                <div>
                  <dt className="tr-sr-only">{t("trackRecord.riskShort")}</dt>
                  <dd>
                    <RiskScore score={m.track_record.risk_score} compact />
                  </dd>
                </div>
              )}
            </dl>
          </Link>
        </li>
      ))}
    </ListStates>
  );
}
