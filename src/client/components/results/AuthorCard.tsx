/** The author of a result: avatar (an inline placeholder when there is none or it fails) and display name. */
import { useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import type { Resolution } from '../../../shared/api.ts';

export function authorName(author: Resolution['author'], fallback: string): string {
  return author.fullName?.trim() || author.username?.trim() || fallback;
}

export function AuthorCard({ author, originalPost }: { author: Resolution['author']; originalPost: boolean }) {
  const { t } = useTranslation();
  const name = authorName(author, t('downloader.defaultAuthor'));
  const [avatarFailed, setAvatarFailed] = useState(false);
  const alt = t('downloader.avatarAlt', { name });
  return (
    <div className={`flex items-center gap-3 ${originalPost ? 'rounded-xl border border-slate-200 bg-slate-50 p-3' : ''}`}>
      {author.avatarUrl && !avatarFailed ? (
        <img src={author.avatarUrl} alt={alt} width={40} height={40} className="h-10 w-10 shrink-0 rounded-full object-cover" onError={() => setAvatarFailed(true)} />
      ) : (
        <AvatarPlaceholder label={alt} />
      )}
      <div className="min-w-0">
        {originalPost && <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t('downloader.originalPost')}</p>}
        <p dir="auto" className="truncate text-start font-semibold" data-testid="author-name">
          {name}
        </p>
        {author.username && author.fullName && <p dir="ltr" className="truncate text-start text-sm text-slate-600">@{author.username}</p>}
        {author.coauthors && author.coauthors.length > 0 && (
          // A collab post: the owner above, its co-authors here (issue 36); the files are saved under the owner.
          <p className="truncate text-start text-sm text-slate-600" data-testid="coauthors">
            {t('downloader.coauthors', { names: author.coauthors.map((c) => `@${c.username}`).join(', ') })}
          </p>
        )}
      </div>
    </div>
  );
}

/** 40×40 placeholder avatar (spec §9), inline so it needs no request. */
function AvatarPlaceholder({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} width="40" height="40" viewBox="0 0 40 40" className="h-10 w-10 shrink-0">
      <circle cx="20" cy="20" r="20" fill="#e2e8f0" />
      <circle cx="20" cy="16" r="7" fill="#94a3b8" />
      <path d="M7 34c2.5-6 7.5-9 13-9s10.5 3 13 9" fill="#94a3b8" />
    </svg>
  );
}
