/** Each tool page's guide on the blog: the post that walks through that tool (shown where it is translated). Threads has none yet: its page's own sections are its guide. */
import type { ToolId } from './tools.ts';

export const TOOL_GUIDES: Readonly<Partial<Record<ToolId, string>>> = {
  video: 'how-to-download-high-quality-instagram-posts',
  photo: 'how-to-download-high-quality-instagram-posts',
  story: 'how-to-download-instagram-stories-without-being-detected',
  reels: 'how-to-download-instagram-reels-in-hd-quality',
  igtv: 'how-to-download-high-quality-instagram-posts',
  profile: 'instagram-profile-picture-downloader-guide',
};
