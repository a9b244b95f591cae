/**
 * cobalt's `filenameStyle` on our file names (shared/file-name.ts). cobalt's styles (read 2026-11-26 in its
 * create-filename.js) are: classic `{service}_{id}_{tags}`, basic `{title} ({tags})`, pretty `{title} ({tags},
 * {service})`, nerdy `{title} ({tags}, {service}, {id})`. Ours, with the post code as the id and the author as the title:
 *
 *   basic    natgeo-C8xYz12AbCd-2-1080p.mp4              (our own names, as the native API gives them)
 *   classic  instagram_C8xYz12AbCd_2_1080p.mp4
 *   pretty   natgeo-C8xYz12AbCd-2 (1080p, instagram).mp4
 *   nerdy    natgeo (1080p, instagram, C8xYz12AbCd-2).mp4
 *
 * A muted video's tags end with `mute`; an audio track's tag is `audio`. The service is the post's (`threads` for a
 * thread: `threads_DThPhoto001_1080x1350.jpg`). Every name is safe to save (safeFileName).
 */
import { mediaFileName, postCode, qualityTag, safeFileName, type FileExtension, type FileNameParts, type FileQuality } from '../../../shared/file-name.ts';
import type { Service } from '../../../shared/link.ts';
import type { FilenameStyle } from './schema.ts';

export interface CobaltFileName {
  /** Whose post it is: the `{service}` of cobalt's styles. */
  service: Service;
  post: Pick<FileNameParts, 'author' | 'code' | 'kind' | 'time'>;
  item: { index: number; total: number };
  quality?: FileQuality;
  muted?: boolean;
  extension: FileExtension;
}

export function cobaltFileName(style: FilenameStyle, file: CobaltFileName): string {
  const tags = [...(file.quality ? [qualityTag(file.quality)] : []), ...(file.muted ? ['mute'] : [])];
  const number = file.item.total > 1 ? String(file.item.index + 1).padStart(String(file.item.total).length, '0') : '';
  const code = postCode(file.post);
  const extension = `.${file.extension}`;
  switch (style) {
    case 'basic': {
      const name = mediaFileName({ ...file.post, item: file.item, ...(file.quality ? { quality: file.quality } : {}), extension: file.extension });
      return file.muted ? safeFileName(name.slice(0, -extension.length) + '-mute' + extension) : name;
    }
    case 'classic':
      return safeFileName([file.service, code, ...(number ? [number] : []), ...tags].join('_') + extension);
    case 'pretty':
      return safeFileName(`${file.post.author}-${code}${number ? `-${number}` : ''} (${[...tags, file.service].join(', ')})${extension}`);
    case 'nerdy':
      return safeFileName(`${file.post.author} (${[...tags, file.service, `${code}${number ? `-${number}` : ''}`].join(', ')})${extension}`);
  }
}
