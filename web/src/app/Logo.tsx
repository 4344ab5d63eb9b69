export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="sofi-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0fa3a3" />
          <stop offset="1" stopColor="#7b61ff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#sofi-logo-g)" />
      <path
        d="M42 22c-2-3-6-5-10-5-6 0-10 3-10 8 0 11 20 6 20 15 0 4-4 7-10 7-5 0-9-2-11-6"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  );
}
