import { describe, expect, it } from 'vitest';
import { exportedNames, metricNamesIn } from './promql-names.ts';

describe('metricNamesIn', () => {
  it('finds the metrics of an expression, not its functions, labels, ranges, clauses or numbers', () => {
    const expr = `histogram_quantile(0.99, sum by (instance, le) (rate(gramsave_http_request_duration_seconds_bucket{route="/api/v1/resolve", instance=~"a|b"}[5m]))) > 5
      and on (instance) up{job="gramsave"} == 1 or gramsave_ready * 0 > 1e9`;
    expect([...metricNamesIn(expr)].sort()).toEqual(['gramsave_http_request_duration_seconds_bucket', 'gramsave_ready', 'up']);
    expect([...metricNamesIn('sum(rate(x_total{a="by (b)"}[1m])) / sum without (y) (z)')].sort()).toEqual(['x_total', 'z']);
  });
});

describe('exportedNames', () => {
  it('expands histograms and summaries to their series', () => {
    const names = exportedNames('# HELP a_seconds x\n# TYPE a_seconds histogram\n# TYPE b_total counter\n# TYPE c summary\nb_total 1\n');
    expect([...names].sort()).toEqual(['a_seconds', 'a_seconds_bucket', 'a_seconds_count', 'a_seconds_sum', 'b_total', 'c', 'c_count', 'c_sum']);
  });
});
