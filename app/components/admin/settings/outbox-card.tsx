import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLastScraped } from "~/lib/format";
import { splitTextLinks } from "~/lib/text-links";

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date | string;
}

/** A mail's plain text with its addresses as links the operator can follow. */
function MailText({ text }: { text: string }) {
  return splitTextLinks(text).map((part, index) =>
    part.kind === "link" ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noreferrer noopener"
        className="text-primary underline underline-offset-2"
      >
        {part.href}
      </a>
    ) : (
      part.text
    ),
  );
}

/** The mail the site sent or, without SMTP, kept instead of sending. */
export function OutboxCard({ outbox, mailKind }: { outbox: OutboxMail[]; mailKind: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>
          {mailKind === "smtp"
            ? "Mail is sent through the configured SMTP server; older messages kept here are listed below."
            : "No SMTP server is configured: the mail the site would send is kept here."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.length === 0 ? (
          <p className="text-sm text-muted-foreground">No mail in the outbox.</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Outbox">
            {outbox.map((mail) => (
              <li key={mail.id} className="py-2">
                <details>
                  <summary className="cursor-pointer text-sm">
                    <span className="font-medium">{mail.subject}</span>
                    <span className="text-muted-foreground">
                      {" "}
                      · to {mail.to} · {formatLastScraped(mail.createdAt)}
                    </span>
                  </summary>
                  <pre className="mt-2 overflow-x-auto rounded bg-muted p-3 text-xs whitespace-pre-wrap">
                    <MailText text={mail.text} />
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
