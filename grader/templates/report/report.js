// Sort the students table by the clicked column (numbers by their data-value), again to reverse.
document.querySelectorAll("table.sortable").forEach(function (table) {
  var headers = table.querySelectorAll("th");
  headers.forEach(function (th, column) {
    th.querySelector("button").addEventListener("click", function () {
      var descending = th.getAttribute("aria-sort") === "ascending";
      var numeric = th.dataset.type === "number";
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      function key(row) {
        var cell = row.cells[Math.min(column, row.cells.length - 1)];
        return numeric ? parseFloat(cell.dataset.value) : cell.textContent.toLowerCase();
      }
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        var order = x < y ? -1 : x > y ? 1 : 0;
        return descending ? -order : order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
      headers.forEach(function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    });
  });
});
