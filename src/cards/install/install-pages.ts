/**
 * The pages a person sees at the end of an install (docs/oauth.md, "Installing"): done, with what to do next, or why
 * the install was refused and where to start again. Every name that came from Slack is escaped.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

export interface InstallPage {
  status: number;
  html: string;
}

function page(status: number, title: string, body: string): InstallPage {
  return {
    status,
    html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shipwatch — ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body><h1>${escapeHtml(title)}</h1>${body}</body>
</html>`,
  };
}

const startAt = (installUrl: string) =>
  `<p><a href="${escapeHtml(installUrl)}">Start the install here</a> (${escapeHtml(installUrl)}).</p>`;

export function installedPage(workspace: string, openSlack: string | null = null): InstallPage {
  return page(
    200,
    'Shipwatch is installed',
    `<p>Shipwatch is now in ${escapeHtml(workspace)}.</p>
<p>Next, a workspace admin connects your Terminal49 API key: type <code>/shipwatch connect</code> in Slack.
Until then, Shipwatch's commands say how to connect one.</p>${
      openSlack ? `<p><a href="${escapeHtml(openSlack)}" data-testid="open-slack">Open Slack</a></p>` : ''
    }`,
  );
}

/** Why an install was refused, by @slack/oauth's error code. */
export function refusedPage(code: string, installUrl: string): InstallPage {
  switch (code) {
    case 'slack_oauth_missing_state':
      return page(
        400,
        'Start the install from Shipwatch',
        `<p>This install did not start from Shipwatch's own install page, so it cannot be checked and was not
completed. (If you came from Slack's app directory, the app's install URL should point at Shipwatch's
<code>/slack/install</code>.)</p>${startAt(installUrl)}`,
      );
    case 'slack_oauth_invalid_state':
      return page(
        400,
        'This install link is not valid any more',
        `<p>The install was started more than 10 minutes ago, in another browser, or not by Shipwatch, so it was
not completed.</p>${startAt(installUrl)}`,
      );
    case 'slack_oauth_missing_code':
      return page(
        400,
        'Slack did not complete the install',
        `<p>Slack came back without approving the install.</p>${startAt(installUrl)}`,
      );
    case 'slack_oauth_installer_authorization_error':
      return page(200, 'The install was cancelled', `<p>Nothing was installed.</p>${startAt(installUrl)}`);
    default:
      return page(
        502,
        'The install did not finish',
        `<p>Slack did not complete the install; nothing was changed. Try again in a moment.</p>${startAt(installUrl)}`,
      );
  }
}
