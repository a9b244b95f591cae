#!/usr/bin/env bash
# Real media for the fake Instagram CDN (test/fake-instagram/media/), made with Debian's ffmpeg. Run it again
# only to change the fixtures; its outputs are committed (about 1 MB in all).
#   progressive-WxH.mp4   H.264 + AAC, moov first: what video_versions / video_url point at
#   dash-video-WxH.mp4    H.264 only, fragmented with a sidx after the moov (DASH on-demand, like Instagram's tracks)
#   dash-audio.m4a        AAC only, fragmented the same way
#   photo.webp            a WebP picture (the JPEGs demo-1..3.jpg are real photos already; the fake CDN makes each
#                         post picture from them at its stated size with sharp: test/fake-instagram/photos.ts)
# Every clip is 2 s at 30 fps with a keyframe each second, so a track has two fragments. A DASH track is made at
# every size a fake post's manifest states, so a joined quality saves the pixels its label says
# (test/fake-instagram/true-pixels.test.ts checks it). Files already there are kept (FORCE=1 remakes them all).
set -euo pipefail
cd "$(dirname "$0")/../test/fake-instagram/media"

SECONDS_LONG=2
FRAGMENTED="+frag_keyframe+empty_moov+default_base_moof+global_sidx"
ff() {
  local out="${!#}"
  if [[ -e "$out" && "${FORCE:-}" != 1 ]]; then return; fi
  ffmpeg -hide_banner -loglevel error -y "$@"
}
video_in() { echo "testsrc=size=$1:rate=30:duration=$SECONDS_LONG"; }
X264=(-c:v libx264 -preset veryfast -crf 36 -pix_fmt yuv420p -g 30 -keyint_min 30 -sc_threshold 0 -profile:v high)
AAC=(-c:a aac -b:a 48k -ac 1 -ar 44100)

# 480x852: the captured IGTV video states 480×851, which a 4:2:0 track cannot have.
for size in 1080x1920 720x1280 720x900 480x854 480x852 480x600 750x1334 750x750; do
  ff -f lavfi -i "$(video_in "$size")" -f lavfi -i "sine=frequency=440:duration=$SECONDS_LONG" \
    "${X264[@]}" "${AAC[@]}" -shortest -movflags +faststart "progressive-$size.mp4"
done
for size in 1080x1920 720x1280 720x900 480x854 480x600 240x426 \
  718x1276 698x872 696x1238 692x1230 684x856 506x900 504x896 504x630 502x628 498x622 366x650 364x648 362x452 \
  352x440 288x360 262x328 260x462 258x458 240x300; do
  ff -f lavfi -i "$(video_in "$size")" "${X264[@]}" -an -movflags "$FRAGMENTED" "dash-video-$size.mp4"
done
ff -f lavfi -i "sine=frequency=660:duration=$SECONDS_LONG" "${AAC[@]}" -frag_duration 1000000 -movflags "$FRAGMENTED" dash-audio.m4a
ff -f lavfi -i "testsrc=size=640x800:rate=1:duration=1" -frames:v 1 -c:v libwebp -quality 60 photo.webp
du -ch progressive-*.mp4 dash-*.mp4 dash-audio.m4a photo.webp | tail -1
