import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLastScraped } from "~/lib/format";

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date | string;
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
                    {mail.text}
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
