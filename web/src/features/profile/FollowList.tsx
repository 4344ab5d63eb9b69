import type { UseQueryResult } from "@tanstack/react-query";
import { Pagination } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Identicon, shortenAddress } from "../wallet/index.ts";
import { ListStates } from "./ListStates.tsx";
import { FOLLOW_PAGE_SIZE } from "./useProfileState.ts";

type FollowReply = { follows: { address: string; photo_url: string | null; name: string | null }[]; total: number };

/** Tabs 5 and 6 (spec 001 §2, §3 "Follower or following: address, photo_url"), a page at a time. */
export function FollowList(props: {
  kind: "followers" | "following";
  label: string;
  q: UseQueryResult<FollowReply, Error>;
  page: number;
  setPage: (p: number) => void;
  emptyText: string;
}) {
  const { t } = useTranslation("profile");
  const items = props.q.data?.follows ?? [];
  const total = props.q.data?.total ?? 0;
  const id = `pr-${props.kind}`;
  return (
    <section className="pr-panel" aria-labelledby={id}>
      <h2 id={id} className="pr-section-title">
        {props.label}
        {props.q.data ? <span className="pr-count"> {total}</span> : null}
      </h2>
      <ListStates
        kind={props.kind}
        loading={props.q.isPending}
        error={props.q.isError}
        errorTitle={t("followError")}
        onRetry={() => void props.q.refetch()}
        empty={items.length === 0}
        emptyText={props.emptyText}
      >
        <ul className="pr-list" aria-label={props.label} data-testid={`${props.kind}-list`}>
          {items.map((f) => {
            const name = f.name || shortenAddress(f.address);
            return (
              <li key={f.address}>
                <Link
                  to={`/sts/profile/${f.address}`}
                  className="pr-item"
                  aria-label={t("openProfile", { name })}
                  data-testid="follow-item"
                  data-address={f.address}
                >
                  {f.photo_url ? (
                    <img src={f.photo_url} alt="" width={36} height={36} className="pr-photo" />
                  ) : (
                    <Identicon address={f.address} size={36} />
                  )}
                  <span className="pr-item-main">
                    <strong className="pr-item-name">{name}</strong>
                    <span className="pr-hint mono pr-ellipsis">{f.address}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        {total > FOLLOW_PAGE_SIZE && (
          <Pagination
            className="pr-pagination"
            current={props.page}
            pageSize={FOLLOW_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={props.setPage}
            size="small"
          />
        )}
      </ListStates>
    </section>
  );
}
