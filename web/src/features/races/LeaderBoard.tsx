import { CrownFilled } from "@ant-design/icons";
import { formatPoints, type PointsReply } from "@sofi/core";
import { Carousel } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shortenAddress } from "../wallet/index.ts";
import { Avatar } from "./parts.tsx";
import { CAROUSEL, rankBadge } from "./rules.ts";

type Leader = PointsReply["leaderborad"][number];

/** One leader: rank badge for the top three, the rank's number after; avatar or the default icon; address; points. */
function LeaderCard({ leader, rank, me }: { leader: Leader; rank: number; me: boolean }) {
  const { t } = useTranslation("races");
  const badge = rankBadge(rank);
  return (
    <article
      className={`ht-leader${me ? " is-me" : ""}`}
      data-testid="leader"
      data-rank={rank}
      data-address={leader.sender.toLowerCase()}
    >
      <span
        className={`ht-rank${badge ? ` ht-rank-${badge}` : ""}`}
        role="img"
        aria-label={t("rank", { rank })}
        data-testid="leader-rank"
      >
        {badge ? <CrownFilled aria-hidden /> : null}
        <span aria-hidden>{rank}</span>
      </span>
      <Avatar photo={leader.photo_url} size={40} />
      <div className="ht-leader-text">
        <Link to={`/sts/profile/${leader.sender}`} className="ht-leader-address" title={leader.sender}>
          {me ? `${shortenAddress(leader.sender)} (${t("history.you")})` : shortenAddress(leader.sender)}
        </Link>
        <span className="ht-leader-points" data-testid="leader-points">
          {t("points", { points: formatPoints(leader.points) })}
        </span>
      </div>
    </article>
  );
}

/** §2 the leader board carousel: 3 slides, 2 under 600 px, 1 under 480 px (§9). */
export function LeaderBoard({ leaders, account }: { leaders: readonly Leader[]; account: string | undefined }) {
  const mine = account?.toLowerCase();
  return (
    <div className="ht-leaders" data-testid="leader-board">
      <Carousel
        dots
        infinite={false}
        draggable
        slidesToShow={Math.min(CAROUSEL.slidesToShow, leaders.length)}
        slidesToScroll={Math.min(CAROUSEL.slidesToShow, leaders.length)}
        responsive={CAROUSEL.responsive.map((r) => {
          const n = Math.min(r.settings.slidesToShow, leaders.length);
          return { breakpoint: r.breakpoint, settings: { slidesToShow: n, slidesToScroll: n } };
        })}
        className="ht-leaders-carousel"
      >
        {leaders.map((l, i) => (
          <div key={l.sender} className="ht-leader-wrap">
            <LeaderCard leader={l} rank={i + 1} me={l.sender.toLowerCase() === mine} />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
