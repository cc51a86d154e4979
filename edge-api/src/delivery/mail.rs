//! Sending email: one [`MailTransport`] trait with three implementations. Amazon SES
//! ([`crate::delivery::ses::SesMail`]) in production, SMTP ([`SmtpMail`], lettre) for local and
//! other deployments, and [`FileMail`], which writes each message as an `.eml` file into a
//! folder (what `make demo` uses, so a shopper's lead is seen arriving).
//!
//! Every message carries a Message-ID derived from its lead, step and recipient, so a
//! transport that can look a message up ([`MailTransport::already_sent`]) answers
//! whether an interrupted send went out; see [`crate::delivery::outbox`] for the guarantee.

// Messages carry shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use anyhow::Context;
use async_trait::async_trait;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// One message ready to send.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    /// The Message-ID without angle brackets (`<lead>.<step>.<recipient hash>@<domain>`).
    pub message_id: String,
    /// The envelope recipient.
    pub to: String,
    /// The whole RFC 5322 message.
    pub message: Message,
}

impl OutgoingMail {
    /// The message as sent on the wire (CRLF line ends).
    pub fn bytes(&self) -> Vec<u8> {
        self.message.formatted()
    }
}

/// What a message consists of, before it is turned into MIME.
#[derive(Debug, Clone)]
pub struct MailParts {
    /// Sender (the platform's verified domain, named after the dealer).
    pub from: Mailbox,
    /// Replies go here (the shopper, for lead emails).
    pub reply_to: Option<Mailbox>,
    /// Recipient.
    pub to: Mailbox,
    /// Subject line.
    pub subject: String,
    /// Plain-text body (always present).
    pub text: String,
    /// HTML alternative of the text.
    pub html: Option<String>,
    /// An attachment: file name, content type and content.
    pub attachment: Option<(String, String, String)>,
    /// Message-ID without angle brackets.
    pub message_id: String,
}

impl MailParts {
    /// The MIME message: text alone, text + HTML alternatives, optionally inside a
    /// mixed part with the attachment. Never panics: lettre panics on a header value it
    /// cannot encode, and a message built from a shopper's words must fail as a value.
    pub fn build(self) -> anyhow::Result<OutgoingMail> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.assemble())).unwrap_or_else(
            |panic| {
                Err(anyhow::anyhow!(
                    "the message could not be built: {}",
                    panic_message(panic.as_ref())
                ))
            },
        )
    }

    fn assemble(self) -> anyhow::Result<OutgoingMail> {
        let subject: String = self
            .subject
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let mut builder = Message::builder()
            .from(self.from)
            .to(self.to.clone())
            .subject(subject)
            .message_id(Some(format!("<{}>", self.message_id)));
        if let Some(reply_to) = self.reply_to {
            builder = builder.reply_to(reply_to);
        }
        let message = match (self.html, self.attachment) {
            // A lone text body is the message itself (how CRMs expect an ADF body).
            (None, None) => builder.singlepart(SinglePart::plain(self.text))?,
            (html, attachment) => {
                let body = match html {
                    Some(html) => MultiPart::alternative_plain_html(self.text, html),
                    None => MultiPart::mixed().singlepart(SinglePart::plain(self.text)),
                };
                match attachment {
                    Some((name, content_type, content)) => {
                        let content_type =
                            ContentType::parse(&content_type).context("attachment content type")?;
                        builder.multipart(
                            MultiPart::mixed()
                                .multipart(body)
                                .singlepart(Attachment::new(name).body(content, content_type)),
                        )?
                    }
                    None => builder.multipart(body)?,
                }
            }
        };
        Ok(OutgoingMail {
            message_id: self.message_id,
            to: self.to.email.to_string(),
            message,
        })
    }
}

/// The text of a caught panic's payload (a `&str` or a `String`, as `panic!` makes).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Something that sends email.
#[async_trait]
pub trait MailTransport: Send + Sync {
    /// Sends one message; an error means the transport did not accept it.
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()>;
    /// Whether the message with this Message-ID was already sent, when the transport can
    /// tell (`None` when it cannot: SMTP and SES keep no record the sender can query).
    async fn already_sent(&self, _message_id: &str) -> Option<bool> {
        None
    }
    /// Name for logs and attempt records.
    fn name(&self) -> &'static str;
}

/// Writes each message as `<Message-ID>.eml` into a folder. A message is written once:
/// the file is created with `create_new` under a temporary name and renamed into place,
/// so a half-written file never counts as sent.
#[derive(Debug, Clone)]
pub struct FileMail {
    dir: PathBuf,
}

impl FileMail {
    /// A transport writing into `dir` (created when missing).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        FileMail { dir: dir.into() }
    }

    /// The folder the messages go to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, message_id: &str) -> PathBuf {
        // Message-IDs are built from hex, digits, dots and a host name; anything else is
        // replaced so the id can never leave the folder.
        let safe: String = message_id
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '@') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.join(format!("{safe}.eml"))
    }
}

#[async_trait]
impl MailTransport for FileMail {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        let path = self.path(&mail.message_id);
        let temp = path.with_extension("eml.part");
        let bytes = mail.bytes();
        let dir = self.dir.clone();
        tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
            std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            std::fs::write(&temp, bytes).with_context(|| format!("writing {}", temp.display()))?;
            std::fs::rename(&temp, &path).with_context(|| format!("moving {}", path.display()))
        })
        .await??;
        tracing::info!(to = %mail.to, message_id = %mail.message_id, dir = %self.dir.display(), "email written (file transport)");
        Ok(())
    }

    async fn already_sent(&self, message_id: &str) -> Option<bool> {
        Some(self.path(message_id).exists())
    }

    fn name(&self) -> &'static str {
        "file"
    }
}

/// SMTP through lettre: `smtp://host:port` (plain, for a local catcher or a relay on the
/// same host), `smtp://host:587?tls=required` (STARTTLS) or `smtps://host:465`, with
/// optional `user:password@`.
#[derive(Clone)]
pub struct SmtpMail {
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl std::fmt::Debug for SmtpMail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpMail").finish_non_exhaustive()
    }
}

impl SmtpMail {
    /// A transport for an SMTP URL (see the type's documentation).
    pub fn from_url(url: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .with_context(|| "expected an SMTP URL like smtp://127.0.0.1:1025 or smtps://user:password@smtp.example.com:465".to_owned())?
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        Ok(SmtpMail { transport })
    }
}

#[async_trait]
impl MailTransport for SmtpMail {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        self.transport
            .send(mail.message.clone())
            .await
            .map_err(|e| anyhow::anyhow!("SMTP: {e}"))?;
        Ok(())
    }

    fn name(&self) -> &'static str {
        "smtp"
    }
}

/// The transport and the platform's sending address (`leads@` a verified domain).
#[derive(Clone)]
pub struct MailSettings {
    /// How messages go out.
    pub transport: std::sync::Arc<dyn MailTransport>,
    /// The From address of every message (the dealer's name is its display name).
    pub from: String,
}
