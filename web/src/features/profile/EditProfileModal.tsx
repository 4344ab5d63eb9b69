import {
  githubUserOf,
  isEmail,
  type ManagerInfo,
  PEOPLE_ERRORS,
  PROFILE_NAME_MAX,
  PROFILE_TEXT_MAX,
  twitterUrlOf,
} from "@sofi/core";
import { Button, Form, Input, Modal, message } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isAddress } from "viem";
import { Identicon } from "../wallet/index.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { type ProfileInput, useSaveProfile } from "./useProfileApi.ts";
import type { ProfileState } from "./useProfileState.ts";

type Values = {
  name: string;
  profile: string;
  mainnet_eth: string;
  twitter_text: string;
  github: string;
  email: string;
};

/** The server's texts that have a translation (spec 001 §5 names the email one). */
const KNOWN_ERRORS: Record<string, string> = {
  [PEOPLE_ERRORS.email]: "please_input_right_email",
  "You can only upload JPG/PNG file!": "You can only upload JPG/PNG file!",
  "Image must smaller than 2MB!": "Image must smaller than 2MB!",
};

/**
 * The owner's profile form (spec 001 §2, §3 "Manager profile post body", §5): name, description,
 * mainnet address, twitter (the pasted tweet link), github, email and the avatar (checked in the
 * browser by type, first bytes and size), saved with one signed POST; the spec's toasts.
 */
export function EditProfileModal(props: {
  s: ProfileState;
  info: ManagerInfo;
  onClose: () => void;
  /** After a successful save (the page toasts setting_success: this dialog closes). */
  onSaved: () => void;
}) {
  const { s, info, onClose } = props;
  const { t } = useTranslation("profile");
  const [form] = Form.useForm<Values>();
  const [toast, holder] = message.useMessage();
  const save = useSaveProfile(s.chain, s.address);
  /** undefined: unchanged; "": remove; a data URL: the new photo. */
  const [photo, setPhoto] = useState<string | undefined>(undefined);
  const shownPhoto = photo === undefined ? info.photo_url : photo || null;
  const translate = (m: string) => (KNOWN_ERRORS[m] ? t(KNOWN_ERRORS[m]) : m);

  const submit = (v: Values) => {
    const body: ProfileInput = {
      name: v.name.trim(),
      profile: v.profile,
      mainnet_eth: v.mainnet_eth.trim(),
      github: v.github.trim(),
      email: v.email.trim(),
    };
    if (v.twitter_text.trim()) body.twitter_text = v.twitter_text.trim();
    if (photo !== undefined) body.photo_url = photo;
    save.mutate(body, {
      onSuccess: () => props.onSaved(),
      onError: (e) => {
        if (e.message === PEOPLE_ERRORS.email)
          form.setFields([{ name: "email", errors: [t("please_input_right_email")] }]);
        void toast.error(`${t("setting_failed")} ${translate(e.message)}`);
      },
    });
  };

  return (
    <Modal
      open
      title={t("editTitle")}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="edit-profile-modal"
    >
      {holder}
      <ImagePicker
        id="avatar"
        shown={shownPhoto}
        fallback={<Identicon address={s.address} size={64} />}
        uploadLabel={t("upload")}
        removeLabel={t("removePhoto")}
        onPick={setPhoto}
        onRemove={() => setPhoto("")}
        onProblem={(text) => void toast.error(text)}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: info.name ?? "",
          profile: info.profile,
          mainnet_eth: info.mainnet_eth,
          twitter_text: "",
          github: info.github,
          email: info.email,
        }}
        onFinish={submit}
        className="pr-form"
      >
        <Form.Item label={t("name")} name="name" rules={[{ max: PROFILE_NAME_MAX }]}>
          <Input maxLength={PROFILE_NAME_MAX} placeholder={t("namePlaceholder")} data-testid="profile-name-input" />
        </Form.Item>
        <Form.Item label={t("description")} name="profile" rules={[{ max: PROFILE_TEXT_MAX }]}>
          <Input.TextArea
            maxLength={PROFILE_TEXT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t("descriptionPlaceholder")}
            data-testid="profile-description-input"
          />
        </Form.Item>
        <Form.Item
          label={t("mainnet")}
          name="mainnet_eth"
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || isAddress(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t("mainnetInvalid"))),
            },
          ]}
        >
          <Input placeholder={t("mainnetPlaceholder")} data-testid="profile-mainnet-input" />
        </Form.Item>
        <Form.Item
          label={t("twitterLabel")}
          name="twitter_text"
          extra={info.twitter_url ? t("twitterNow", { url: info.twitter_url }) : undefined}
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || twitterUrlOf(v) ? Promise.resolve() : Promise.reject(new Error(t("twitterInvalid"))),
            },
          ]}
        >
          <Input placeholder={t("twitterPlaceholder")} data-testid="profile-twitter-input" />
        </Form.Item>
        <Form.Item
          label={t("github")}
          name="github"
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || githubUserOf(v) ? Promise.resolve() : Promise.reject(new Error(t("githubInvalid"))),
            },
          ]}
        >
          <Input placeholder={t("githubPlaceholder")} data-testid="profile-github-input" />
        </Form.Item>
        <Form.Item
          label={t("email")}
          name="email"
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || isEmail(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("please_input_right_email"))),
            },
          ]}
        >
          <Input inputMode="email" placeholder={t("emailPlaceholder")} data-testid="profile-email-input" />
        </Form.Item>
        <div className="pr-form-buttons">
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
            {t("save")}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
