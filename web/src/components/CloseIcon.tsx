export interface CloseIconProps {
  /** Width and height in pixels. */
  size?: number;
}

/** The × of close, dismiss and remove buttons; decorative (the button carries the label). */
export function CloseIcon({ size = 16 }: CloseIconProps) {
  return (
    <svg viewBox="0 0 16 16" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M3 3l10 10M13 3L3 13"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
