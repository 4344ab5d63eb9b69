import { UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Upload } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { readAvatar } from "./avatar.ts";

/**
 * A square image chosen in the browser (spec 001 §5: JPG or PNG by type and first bytes, under
 * 2 MB): its preview (or `fallback`), upload and remove buttons, the hint, and the refusal's message.
 * The profile's avatar and a created portfolio's icon.
 */
export function ImagePicker(props: {
  /** What is shown now: an image URL or data URL, or nothing (the fallback). */
  shown: string | null | undefined;
  fallback: ReactNode;
  uploadLabel: string;
  removeLabel: string;
  /** Test ids: `{id}-preview`, `-upload`, `-remove`, `-error`. */
  id: "avatar" | "icon";
  onPick: (dataUrl: string) => void;
  onRemove: () => void;
  /** Told the translated message of a refused file as well (the profile also toasts it). */
  onProblem?: (text: string) => void;
}) {
  const { t } = useTranslation("profile");
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <div className="pr-avatar-edit">
        {props.shown ? (
          <img
            src={props.shown}
            alt=""
            width={64}
            height={64}
            className="pr-photo"
            data-testid={`${props.id}-preview`}
          />
        ) : (
          props.fallback
        )}
        <div className="pr-avatar-buttons">
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void readAvatar(file).then((r) => {
                if ("problem" in r) {
                  setProblem(t(r.problem));
                  props.onProblem?.(t(r.problem));
                } else {
                  setProblem(null);
                  props.onPick(r.dataUrl);
                }
              });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid={`${props.id}-upload`}>
              {props.uploadLabel}
            </Button>
          </Upload>
          {props.shown && (
            <Button type="link" onClick={props.onRemove} data-testid={`${props.id}-remove`}>
              {props.removeLabel}
            </Button>
          )}
          <span className="pr-hint">{t("avatarHint")}</span>
        </div>
      </div>
      {problem && (
        <Alert type="error" showIcon title={problem} data-testid={`${props.id}-error`} className="pr-alert-server" />
      )}
    </>
  );
}
