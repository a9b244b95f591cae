/**
 * The downloader's parts that are not needed to show the page, each loaded when first used: the results (players,
 * download flow) when the first lookup starts, the batch queue when the first batch starts, the lookup's logic when
 * the browser is idle or at the first lookup, and the small extras after hydration.
 */
import { lazy } from 'react';
import { optionalLazy } from '../../lib/optional-lazy.ts';
import { standingPart } from '../StandingPart.tsx';

export const loadResults = () => import('../results/Results.tsx');
export const Results = lazy(() => loadResults().then((m) => ({ default: m.Results })));
// Under a profile view, after it (the result above the view leaves it out): the profile picture tool's.
export const DownloadMoreLink = lazy(() => import('../results/DownloadMoreLink.tsx').then((m) => ({ default: m.DownloadMoreLink })));
export const RecentLookups = optionalLazy(() => import('../RecentLookups.tsx').then((m) => m.RecentLookups));
// Shown only after hydration, where the build has them. (The Paste button is in the start chunk: as a file of its
// own it weighed 0.5 KB gzip before network idle, inside the chunk 0.1 KB.)
export const AdSlot = optionalLazy(() => import('../AdSlot.tsx').then((m) => m.AdSlot));
// Links between the tools: their prerendered HTML stands until the code arrives (with their boundary: StandingPart).
export const ToolTabs = standingPart(optionalLazy(() => import('../ToolTabs.tsx').then((m) => m.ToolTabs)), 'tabs');
export const DebugLog = optionalLazy(() => import('../results/DebugLog.tsx').then((m) => m.DebugLog));
export const loadBatch = () => import('../batch/BatchQueue.tsx');
export const BatchQueue = lazy(() => loadBatch().then((m) => ({ default: m.BatchQueue })));
export const LeftOutList = lazy(() => import('../batch/LeftOutList.tsx').then((m) => ({ default: m.LeftOutList })));
// A username's profile view (issue 30): loads only when one is looked up.
export const ProfileView = lazy(() => import('../profile/ProfileView.tsx').then((m) => ({ default: m.ProfileView })));
export const loadFlow = () => import('../../lib/lookup-flow.ts');
export type LookupFlow = Awaited<ReturnType<typeof loadFlow>>;
