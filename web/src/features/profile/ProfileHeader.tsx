import { CopyOutlined, EditOutlined, LogoutOutlined, SwapOutlined } from "@ant-design/icons";
import { COPY_CONFIRMATION_MS } from "@sofi/core";
import { Button, message, Skeleton, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDisconnect } from "wagmi";
import { copyText } from "../../kernel/clipboard.ts";
import { Identicon, useWalletUi } from "../wallet/index.ts";
import { EditProfileModal } from "./EditProfileModal.tsx";
import { useFollow } from "./useProfileApi.ts";
import type { ProfileState } from "./useProfileState.ts";

/** Others' profiles (spec 001 §2): follow and unfollow, debounced 2 s, with the spec's toasts. */
function FollowButton({ s, name }: { s: ProfileState; name: string }) {
  const { t } = useTranslation("profile");
  const [toast, holder] = message.useMessage();
  const f = useFollow(s.chain, s.address, s.info.data?.following, {
    success: (on) => void toast.success(on ? t("follow_success") : t("unfollow_success")),
    error: (m) => void toast.error(`${t("followFailed")} ${m}`),
  });
  if (!s.me)
    return (
      <Tooltip title={t("connectToFollow")}>
        <Button disabled aria-label={t("connectToFollow")} data-testid="follow-button">
          {t("follow")}
        </Button>
      </Tooltip>
    );
  return (
    <>
      {holder}
      <Button
        type={f.following ? "default" : "primary"}
        aria-pressed={f.following}
        aria-label={f.following ? t("unfollowAria", { name }) : t("followAria", { name })}
        loading={f.pending}
        disabled={s.info.isPending}
        onClick={f.toggle}
        data-testid="follow-button"
      >
        {f.following ? t("unfollow") : t("follow")}
      </Button>
    </>
  );
}

/** Opens the wallet dialog on its wallet options, to connect another wallet. */
export function changeWallet(): void {
  useWalletUi.getState().openDialog("options");
}

/** The owner's buttons (spec 001 §2 "Own profile: change wallet, logout, avatar upload"). */
function OwnerButtons({ s }: { s: ProfileState }) {
  const { t } = useTranslation("profile");
  const [editing, setEditing] = useState(false);
  const [toast, holder] = message.useMessage();
  const { disconnectAsync } = useDisconnect();
  return (
    <>
      {holder}
      <Button
        type="primary"
        icon={<EditOutlined />}
        onClick={() => setEditing(true)}
        disabled={!s.info.data}
        data-testid="edit-profile"
      >
        {t("edit")}
      </Button>
      <Button icon={<SwapOutlined />} onClick={changeWallet} data-testid="change-wallet">
        {t("changeWallet")}
      </Button>
      <Button danger icon={<LogoutOutlined />} onClick={() => void disconnectAsync()} data-testid="logout">
        {t("logout")}
      </Button>
      {editing && s.info.data && (
        <EditProfileModal
          s={s}
          info={s.info.data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            void toast.success(t("setting_success"));
            setEditing(false);
          }}
        />
      )}
    </>
  );
}

/** Avatar, name, address with copy, follower counts and the owner's or the visitor's buttons. */
export function ProfileHeader({ s, name }: { s: ProfileState; name: string }) {
  const { t } = useTranslation("profile");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(id);
  }, [copied]);
  const m = s.info.data;
  return (
    <header className="pr-head pr-panel" data-testid="profile-header">
      <div className="pr-who">
        {m?.photo_url ? (
          <img src={m.photo_url} alt="" width={72} height={72} className="pr-photo" data-testid="profile-photo" />
        ) : (
          <Identicon address={s.address} size={72} />
        )}
        <div className="pr-who-text">
          <h1 id="page-title" className="page-title pr-name" data-testid="profile-name">
            {name}
            {s.own && (
              <>
                {" "}
                <span className="pr-you">{t("you")}</span>
              </>
            )}
          </h1>
          <span className="pr-address mono">
            <span data-testid="profile-address">{s.address}</span>
            <Tooltip title={copied ? t("copied") : t("copy")}>
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label={t("copy")}
                onClick={() => void copyText(s.address).then(() => setCopied(true))}
              />
            </Tooltip>
          </span>
          {s.info.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 1, width: 160 }} />
          ) : m ? (
            <span className="pr-counts" data-testid="profile-counts">
              <button type="button" className="pr-link" onClick={() => s.setTab("5")}>
                {t("followersCount", { count: m.followers_count })}
              </button>
              {" · "}
              <button type="button" className="pr-link" onClick={() => s.setTab("6")}>
                {t("followingCount", { count: m.following_count })}
              </button>
            </span>
          ) : null}
          {m?.profile && (
            <p className="pr-bio" data-testid="profile-bio">
              {m.profile}
            </p>
          )}
        </div>
      </div>
      <div className="pr-actions">{s.own ? <OwnerButtons s={s} /> : <FollowButton s={s} name={name} />}</div>
    </header>
  );
}
