import type { ReportColumn } from "@portal/shared/schemas/reports";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { ColumnChooser } from "./column-chooser.tsx";

const column = (id: string, label: string, group: string): ReportColumn => ({
  id,
  label,
  group,
  type: "text",
  sortable: false,
});

const COLUMNS = [
  column("code", "Code", "request"),
  column("studentName", "Student", "request"),
  column("paymentMethod", "Payment method", "finance"),
  column("scholarship", "Scholarship", "finance"),
  column("exitAlone", "Leaves alone", "exitAuthorization"),
];

function Chooser() {
  const [selected, setSelected] = useState(["code"]);
  return (
    <>
      <ColumnChooser columns={COLUMNS} selected={selected} onChange={setSelected} />
      <output aria-label="chosen">{selected.join(",")}</output>
    </>
  );
}

describe("the reports' column chooser", () => {
  it("shows each column under its group's heading, and adds a finance column in the report's order", async () => {
    const user = userEvent.setup();
    await renderScreen(<Chooser />, { language: "en", namespaces: ["reports"] });
    await user.click(screen.getByRole("button", { name: "Columns" }));
    const finance = await screen.findByRole("group", { name: "Finance" });
    const boxes = await within(finance).findAllByRole("checkbox");
    expect(boxes.map((box) => box.getAttribute("value"))).toEqual(["paymentMethod", "scholarship"]);
    expect(screen.getByRole("group", { name: "Request" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Exit authorization" })).toBeTruthy();
    await user.click(within(finance).getByRole("checkbox", { name: "Scholarship" }));
    await user.click(screen.getByRole("checkbox", { name: "Student" }));
    expect(screen.getByRole("status", { name: "chosen" }).textContent).toBe("code,studentName,scholarship");
  });
});
