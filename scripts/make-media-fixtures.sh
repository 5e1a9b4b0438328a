#!/usr/bin/env bash
# Makes the small demo media the content seed stores (server/db/fixtures/media/). The outputs are
# committed so `npm start` needs neither ffmpeg nor python; run this again only to change them.
# Re-runnable: it rebuilds the folder from scratch with a fixed HLS key and IV.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/server/db/fixtures/media"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

for tool in ffmpeg ffprobe python3; do
  command -v "$tool" >/dev/null || { echo "make-media-fixtures: $tool is needed" >&2; exit 1; }
done

rm -rf "$OUT"
mkdir -p "$OUT/hls"

# bitexact + no metadata: a rerun with the same ffmpeg gives the same bytes.
FF=(ffmpeg -hide_banner -loglevel error -y)
EXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

# The video: 12 s test pattern with a quiet tone, small enough for the repository. A keyframe
# every 4 s (60 frames at 15 fps) lets the HLS copy cut 4 s segments without re-encoding.
"${FF[@]}" -f lavfi -i testsrc=duration=12:size=320x240:rate=15 \
  -f lavfi -i sine=frequency=440:duration=12:sample_rate=22050 \
  -c:v libx264 -preset veryslow -crf 32 -pix_fmt yuv420p -g 60 -keyint_min 60 -sc_threshold 0 -threads 1 \
  -c:a aac -b:a 24k -ac 1 -shortest -movflags +faststart "${EXACT[@]}" "$OUT/video.mp4"

# AES-128 HLS of the same video. key.bin stays beside the playlist so the seed can store it
# (attachments.stream_key); the playlist's key URI is a placeholder the client rewrites.
printf '%s' 6167656e742d61636164656d792d6b31 | python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.stdin.read()))' > "$OUT/hls/key.bin"
printf 'key.bin\n%s\n%s\n' "$OUT/hls/key.bin" 0f1e2d3c4b5a69788796a5b4c3d2e1f0 > "$WORK/enc.keyinfo"
(cd "$OUT/hls" && "${FF[@]}" -i "$OUT/video.mp4" -c copy -map 0 "${EXACT[@]}" \
  -f hls -hls_time 4 -hls_playlist_type vod -hls_key_info_file "$WORK/enc.keyinfo" \
  -hls_segment_filename 'seg%03d.ts' index.m3u8)
# Kept as .ts.bin in the repository: tsc, eslint and editors take any *.ts for TypeScript. The
# seed restores the playlist's names when it copies them into the file store.
for seg in "$OUT"/hls/seg*.ts; do mv "$seg" "$seg.bin"; done

# ~10 s tone for the audio player.
"${FF[@]}" -f lavfi -i sine=frequency=523.25:duration=10:sample_rate=22050 \
  -c:a libmp3lame -b:a 32k -ac 1 "${EXACT[@]}" "$OUT/audio.mp3"

# One test-pattern frame as a png and a jpeg.
"${FF[@]}" -f lavfi -i testsrc=duration=1:size=320x240:rate=1 -frames:v 1 "${EXACT[@]}" "$OUT/image.png"
"${FF[@]}" -f lavfi -i testsrc=duration=1:size=320x240:rate=1 -frames:v 1 -q:v 6 "${EXACT[@]}" "$OUT/image.jpeg"

# The PDF, the office documents and manifest.json (durations measured with ffprobe).
python3 "$ROOT/scripts/make-media-fixtures.py" "$OUT"

du -sh "$OUT"
ls -l "$OUT" "$OUT/hls"
