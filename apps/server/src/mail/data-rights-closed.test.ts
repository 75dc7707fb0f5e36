import { describe, expect, it } from "vitest";
import { renderDataRightsClosed } from "./data-rights-closed.ts";

const base = {
  to: "familia@test.local",
  name: "Ana Pérez",
  school: "Liceo La Condamine",
  id: 42,
  kind: "erasure",
  about: "Mateo Andrade",
  filed: "01/12/2026",
  link: "https://portal.test/portal/account/data-rights",
};

describe("the data-rights answer e-mail", () => {
  it("carries the answer or the refusal's reason in the family's language, with the way back", () => {
    const es = renderDataRightsClosed({ ...base, language: "es", outcome: "answered", message: "Datos eliminados." });
    expect(es.subject).toBe("Su solicitud de derechos de datos n.º 42 ha sido respondida");
    expect(es.text).toContain("(eliminación, presentada el 01/12/2026) sobre Mateo Andrade.");
    expect(es.text).toContain("Respuesta de la institución:\nDatos eliminados.");
    expect(es.text).toContain(`Ver mis solicitudes: ${base.link}`);
    const fr = renderDataRightsClosed({ ...base, language: "fr", outcome: "refused", about: null, message: "Non" });
    expect(fr.subject).toBe("Votre demande sur vos données n° 42 a été refusée");
    expect(fr.text).toContain("concernant votre famille.");
    expect(fr.text).toContain("Motif du refus\u202f:\nNon");
  });

  it("escapes the answer in HTML and keeps its lines", () => {
    const mail = renderDataRightsClosed({ ...base, language: "en", outcome: "answered", message: "<b>done</b>\nbye" });
    expect(mail.html).toContain("&#60;b&#62;done&#60;/b&#62;<br>bye");
    expect(mail.html).not.toContain("<b>done");
  });
});
