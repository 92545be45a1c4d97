import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isMedia = (spec: TestSpecification) => /\/calls[^/]*\.e2e\.ts$/.test(spec.moduleId);

/**
 * The call journeys take turns (support/media-lane.ts), so they are spread through the run, each followed by
 * other journeys, instead of two workers both starting on one and one of them waiting.
 */
export class MediaSpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const media = sorted.filter(isMedia);
    const other = sorted.filter((f) => !isMedia(f));
    const gap = Math.max(1, Math.floor(other.length / Math.max(1, media.length)));
    const out: TestSpecification[] = [];
    for (const [i, m] of media.entries()) out.push(m, ...other.slice(i * gap, (i + 1) * gap));
    out.push(...other.slice(media.length * gap));
    return out;
  }
}
