/** One media item shown inline, thumbnail-sized: a video player with controls, or the picture. Sized up front to avoid layout shift. */
import { useState } from 'react';
import type { MediaItem } from '../../../shared/api.ts';

export interface MediaViewProps {
  item: MediaItem;
  /** Accessible name of the picture or player. */
  label: string;
  playIcon: boolean;
  /** Reports the picture's real size once loaded, for items whose size the API did not give. */
  onNaturalSize?: (width: number, height: number) => void;
}

export function MediaView({ item, label, playIcon, onNaturalSize }: MediaViewProps) {
  const size = item.width && item.height ? { width: item.width, height: item.height } : {};
  // A thumbnail (issue 37 point 3: the Download in view under the box): the media keeps its own aspect ratio
  // inside a bounded height, centred, instead of letterboxing a square picture in a tall grey box.
  const fit = 'mx-auto block h-auto w-auto max-w-full object-contain max-h-32 sm:max-h-48';
  if (item.type === 'video') {
    return (
      <div className="relative flex justify-center bg-black">
        <video controls playsInline preload="none" src={item.mediaUrl} poster={item.previewUrl} aria-label={label} className={fit} {...size} />
        {playIcon && <PlayBadge />}
      </div>
    );
  }
  return (
    <ImageView item={item} label={label} className={fit} size={size} onNaturalSize={onNaturalSize} />
  );
}

function ImageView({ item, label, className, size, onNaturalSize }: { item: MediaItem; label: string; className: string; size: { width?: number; height?: number }; onNaturalSize?: (w: number, h: number) => void }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      src={item.mediaUrl}
      alt={label}
      loading="lazy"
      decoding="async"
      className={`${className} ${loaded ? '' : 'min-h-40 bg-slate-100'}`}
      onLoad={(e) => {
        setLoaded(true);
        onNaturalSize?.(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight);
      }}
      {...size}
    />
  );
}

/** Marks a video in the reels grid; decorative, and out of the way of the player's controls. */
function PlayBadge() {
  return (
    <span aria-hidden="true" className="pointer-events-none absolute start-2 top-2 flex h-9 w-9 items-center justify-center rounded-full bg-black/60">
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="#fff">
        <path d="M8 5v14l11-7z" />
      </svg>
    </span>
  );
}
