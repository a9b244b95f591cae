/**
 * The downloader tools. Everything that differs between the tool pages is data here,
 * so one DownloaderPage and one results component serve them all.
 */
export const TOOL_IDS = ['video', 'photo', 'story', 'reels', 'igtv', 'profile', 'threads'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** 'home' is the home page's form; it behaves like a tool with its own messages. */
export type FormId = ToolId | 'home';

import type { ResultsLayout } from './results-layouts.ts';

export type { ResultsLayout } from './results-layouts.ts';

/** What a form (the home page's or a tool page's) does: input, results layout and messages. */
export interface FormDefinition {
  id: FormId;
  /** Input kind: profile takes a username or a profile link. */
  input: 'url' | 'username';
  layout: ResultsLayout;
  /** Message family for errors of spec §8: the home wording, the story wording, or the other pages'. */
  errorFamily: 'home' | 'story' | 'page';
  /** Whether the page shows the story debug log. */
  debugLog: boolean;
  /** Translation keys of the form's own messages (spec §8). */
  messages: {
    /** Success toast after a lookup; with `readyCounts`, an i18next plural taking `count`. */
    ready: string;
    readyCounts: boolean;
    /** The "anything else" failure. */
    failed: string;
  };
  /** Whether a video from this form saves and toasts as a reel. */
  videosAreReels: boolean;
  /** The box's own placeholder (a translation key), where the form's usual one would point at the wrong site. */
  placeholder?: string;
}

export interface ToolDefinition extends FormDefinition {
  id: ToolId;
  /** Page path without language prefix. */
  path: string;
  errorFamily: 'story' | 'page';
  /** Whether the IGTV page's own footer is used. */
  ownFooter: boolean;
}

const ready = (key: string, failed: string) => ({ ready: key, readyCounts: false, failed });

export const HOME_FORM: FormDefinition = {
  id: 'home',
  input: 'url',
  layout: 'home',
  errorFamily: 'home',
  debugLog: false,
  messages: ready('success.readyHome', 'errors.failedHome'),
  videosAreReels: false,
};

export const TOOLS: readonly ToolDefinition[] = [
  { id: 'video', path: '/instagram-video-downloader', input: 'url', layout: 'video', errorFamily: 'page', debugLog: false, ownFooter: false, messages: ready('success.readyVideo', 'errors.failedVideo'), videosAreReels: false },
  { id: 'photo', path: '/instagram-photo-downloader', input: 'url', layout: 'photo', errorFamily: 'page', debugLog: false, ownFooter: false, messages: ready('success.readyPhoto', 'errors.failedPhoto'), videosAreReels: false },
  { id: 'story', path: '/instagram-story-download', input: 'url', layout: 'story', errorFamily: 'story', debugLog: true, ownFooter: false, messages: { ready: 'success.found', readyCounts: true, failed: 'errors.failedStory' }, videosAreReels: false },
  { id: 'reels', path: '/instagram-reels-downloader', input: 'url', layout: 'reels', errorFamily: 'page', debugLog: false, ownFooter: false, messages: ready('success.readyReels', 'errors.failedReels'), videosAreReels: true },
  { id: 'igtv', path: '/igtv-downloader', input: 'url', layout: 'single', errorFamily: 'page', debugLog: false, ownFooter: true, messages: ready('success.readyIgtv', 'errors.failedIgtv'), videosAreReels: false },
  { id: 'profile', path: '/instagram-profile-picture-downloader', input: 'username', layout: 'profile', errorFamily: 'page', debugLog: false, ownFooter: false, messages: ready('success.readyProfile', 'errors.failedProfile'), videosAreReels: false },
  // Threads posts (issue 40): photos, videos, carousels and GIFs side by side, as on the home page.
  { id: 'threads', path: '/threads-downloader', input: 'url', layout: 'home', errorFamily: 'page', debugLog: false, ownFooter: false, messages: ready('success.readyPhoto', 'errors.failedThreads'), videosAreReels: false, placeholder: 'downloader.threadsPlaceholder' },
];

export function toolById(id: ToolId): ToolDefinition {
  const tool = TOOLS.find((t) => t.id === id);
  if (!tool) throw new Error(`unknown tool ${id}`);
  return tool;
}

/** The home form or a tool's. */
export function formById(id: FormId): FormDefinition {
  return id === 'home' ? HOME_FORM : toolById(id);
}

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && (TOOL_IDS as readonly string[]).includes(value);
}
