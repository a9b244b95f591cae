/**
 * The downloader tools. Everything that differs between the tool pages is data here,
 * so one DownloaderPage and one results component serve them all.
 */
export const TOOL_IDS = ['video', 'photo', 'story', 'reels', 'igtv', 'profile'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** 'home' is the home page's form; it behaves like a tool with its own messages. */
export type FormId = ToolId | 'home';

export type ResultsLayout = 'home' | 'video' | 'photo' | 'story' | 'reels' | 'single';

export interface ToolDefinition {
  id: ToolId;
  /** Page path without language prefix. */
  path: string;
  /** Input kind: profile takes a username or a profile link. */
  input: 'url' | 'username';
  layout: ResultsLayout;
  /** Message family for errors of spec §8 ('home' | 'story' | 'page'). */
  errorFamily: 'story' | 'page';
  /** Whether the page shows the story debug log. */
  debugLog: boolean;
  /** Whether the IGTV page's own footer is used. */
  ownFooter: boolean;
  /** In the header's Tools menu (spec: video, photo, story, reels, IGTV). */
  inToolsMenu: boolean;
}

export const TOOLS: readonly ToolDefinition[] = [
  { id: 'video', path: '/instagram-video-downloader', input: 'url', layout: 'video', errorFamily: 'page', debugLog: false, ownFooter: false, inToolsMenu: true },
  { id: 'photo', path: '/instagram-photo-downloader', input: 'url', layout: 'photo', errorFamily: 'page', debugLog: false, ownFooter: false, inToolsMenu: true },
  { id: 'story', path: '/instagram-story-download', input: 'url', layout: 'story', errorFamily: 'story', debugLog: true, ownFooter: false, inToolsMenu: true },
  { id: 'reels', path: '/instagram-reels-downloader', input: 'url', layout: 'reels', errorFamily: 'page', debugLog: false, ownFooter: false, inToolsMenu: true },
  { id: 'igtv', path: '/igtv-downloader', input: 'url', layout: 'single', errorFamily: 'page', debugLog: false, ownFooter: true, inToolsMenu: true },
  { id: 'profile', path: '/instagram-profile-picture-downloader', input: 'username', layout: 'single', errorFamily: 'page', debugLog: false, ownFooter: false, inToolsMenu: false },
];

export function toolById(id: ToolId): ToolDefinition {
  const tool = TOOLS.find((t) => t.id === id);
  if (!tool) throw new Error(`unknown tool ${id}`);
  return tool;
}

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && (TOOL_IDS as readonly string[]).includes(value);
}
