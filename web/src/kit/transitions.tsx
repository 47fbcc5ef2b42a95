import { useEffect, useState, type ReactNode } from 'react';

/** How long Fade takes to leave before unmounting (matches --duration-fade in styles.css). */
export const FADE_DURATION_MS = 200;

/** Fades and lifts its children in when mounted. */
export function Appear({ children, className, as: Tag = 'div' }: { children: ReactNode; className?: string; as?: 'div' | 'span' | 'section' }) {
  return <Tag className={['appear', className].filter(Boolean).join(' ')}>{children}</Tag>;
}

/**
 * Fades children in when show turns true and out when it turns false, then unmounts them.
 * Reduced-motion users get no animation (styles.css).
 */
export function Fade({
  show,
  children,
  className,
  durationMs = FADE_DURATION_MS,
}: {
  show: boolean;
  children: ReactNode;
  className?: string;
  durationMs?: number;
}) {
  const [mounted, setMounted] = useState(show);
  const [leaving, setLeaving] = useState(false);
  if (show && !mounted) setMounted(true);
  if (show && leaving) setLeaving(false);
  if (!show && mounted && !leaving) setLeaving(true);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      setMounted(false);
      setLeaving(false);
    }, durationMs);
    return () => clearTimeout(timer);
  }, [leaving, durationMs]);

  if (!mounted) return null;
  return (
    <div className={['fade', leaving ? 'fade-out' : 'fade-in', className].filter(Boolean).join(' ')} style={{ ['--duration-fade' as string]: `${durationMs}ms` }}>
      {children}
    </div>
  );
}
