import { formatVersion, tokenListUpdate } from "@sofi/core";
import { Button, Space, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addPopup, removePopup } from "../shell/index.ts";
import { useListsStore } from "./lists-store.ts";

export const listUpdatePopupKey = (url: string) => `token-list-update:${url}`;

/** Announces a pending list update as a toast that stays until accepted or dismissed. */
export function announceListUpdate(url: string): void {
  addPopup({ key: listUpdatePopupKey(url), content: <ListUpdatePopup url={url} />, removeAfterMs: null });
}

/** Spec 000 §4: a newer list version waits for the user to accept or dismiss it. */
export function ListUpdatePopup({ url }: { url: string }) {
  const { t } = useTranslation("tokens");
  const state = useListsStore((s) => s.byUrl[url]);
  const dispatch = useListsStore((s) => s.dispatch);
  const update = useMemo(
    () => (state?.current && state.pendingUpdate ? tokenListUpdate(url, state.current, state.pendingUpdate) : null),
    [state, url],
  );
  if (!update) return null;
  const changedCount = update.changed.length;
  const close = () => removePopup(listUpdatePopupKey(url));
  return (
    <div style={{ maxHeight: 400, overflowY: "auto" }} data-testid="list-update-popup">
      <Typography.Text strong>{t("listUpdated", { name: update.newList.name })}</Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {t("listUpdateVersion", {
            from: formatVersion(update.oldList.version),
            to: formatVersion(update.newList.version),
          })}
        </Typography.Text>
      </div>
      <ul style={{ margin: "4px 0", paddingInlineStart: 18 }}>
        {update.added.length > 0 && (
          <li>
            {t("listUpdateAdded", { count: update.added.length })}: {update.added.map((x) => x.symbol).join(", ")}
          </li>
        )}
        {update.removed.length > 0 && (
          <li>
            {t("listUpdateRemoved", { count: update.removed.length })}: {update.removed.map((x) => x.symbol).join(", ")}
          </li>
        )}
        {changedCount > 0 && <li>{t("listUpdateChanged", { count: changedCount })}</li>}
      </ul>
      <Space>
        <Button
          type="primary"
          size="small"
          onClick={() => {
            dispatch({ type: "acceptListUpdate", url });
            close();
          }}
        >
          {t("acceptUpdate")}
        </Button>
        <Button
          size="small"
          onClick={() => {
            dispatch({ type: "dismissListUpdate", url });
            close();
          }}
        >
          {t("dismiss")}
        </Button>
      </Space>
    </div>
  );
}
