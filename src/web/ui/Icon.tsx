// A one-path icon in the text's colour, on a 24-unit grid. It is hidden from assistive technology:
// the text or the label beside it says what it means.
export function Icon({ path, size, className }: { path: string; size: number; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className={className}>
      <path fill="currentColor" d={path} />
    </svg>
  );
}
