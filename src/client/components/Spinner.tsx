export function Spinner({ label, className = 'h-8 w-8' }: { label?: string; className?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`${className} inline-block animate-spin rounded-full border-4 border-current border-t-transparent`}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
