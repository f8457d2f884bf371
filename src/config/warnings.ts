/**
 * What a valid configuration still gets wrong, said once at start as warnings (docs/oauth.md): a value that the mode
 * in use ignores. In OAuth mode each workspace uses only the Terminal49 key it connected, so TRACKING_API_KEY serves
 * nobody unless SHIPWATCH_DEFAULT_TEAM names the one team that may use it; the policy settings are per workspace
 * there, edited in Slack, so their environment values are ignored. Never a value, only variable names.
 */
import type { Config } from './env.js';

export function configWarnings(config: Readonly<Config>): string[] {
  const warnings: string[] = [];
  if (config.slack.oauth === null) {
    if (config.defaultTeam !== null) {
      warnings.push(
        'SHIPWATCH_DEFAULT_TEAM is ignored: it applies in OAuth mode only (SLACK_CLIENT_ID unset)',
      );
    }
    return warnings;
  }
  if (config.tracking.apiKey !== null && config.defaultTeam === null) {
    warnings.push(
      'TRACKING_API_KEY is ignored in OAuth mode: each workspace connects its own key with /shipwatch connect ' +
        '(set SHIPWATCH_DEFAULT_TEAM to the one team that may use it)',
    );
  }
  if (config.tracking.apiKey === null && config.defaultTeam !== null) {
    warnings.push('SHIPWATCH_DEFAULT_TEAM has no effect without TRACKING_API_KEY');
  }
  const policy = [
    ['SHIPWATCH_EDITORS', config.policy.editors],
    ['SHIPWATCH_CHANNELS', config.policy.channels],
    ['SHIPWATCH_CUSTOM_FIELDS', config.customFieldSlugs],
  ] as const;
  const ignored = policy.filter(([, values]) => values.length > 0).map(([name]) => name);
  if (ignored.length > 0) {
    warnings.push(
      `${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored in OAuth mode: each workspace's admins edit its own settings`,
    );
  }
  return warnings;
}
