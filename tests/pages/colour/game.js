import { score } from "./score.js";

const slots = document.getElementById("slots"), colours = document.getElementById("colours");
const feedback = document.getElementById("feedback"), left = document.getElementById("left");
const history = document.getElementById("history");
let secret, guess, selected, used, over;

const button = (parent, label, text, onClick) => {
  const made = document.createElement("button");
  made.setAttribute("aria-label", label);
  made.textContent = text;
  made.addEventListener("click", onClick);
  parent.append(made);
  return made;
};
const positions = [1, 2, 3, 4].map((n) => button(slots, `Position ${n}`, "_", () => select(n - 1)));
[1, 2, 3, 4, 5, 6].forEach((c) => button(colours, `Colour ${c}`, String(c), () => fill(c)));

function select(index) {
  selected = index;
  positions.forEach((slot, i) => slot.classList.toggle("selected", i === index));
}
function fill(colour) {
  guess[selected] = colour;
  positions[selected].textContent = String(colour);
  select(Math.min(selected + 1, 3));
}
function showLeft() {
  const n = 10 - used;
  left.textContent = `${n} ${n === 1 ? "guess" : "guesses"} left`;
}
function round() {
  secret = [1, 2, 3, 4].map(() => Math.floor(Math.random() * 6) + 1);
  guess = [null, null, null, null];
  used = 0;
  over = false;
  history.replaceChildren();
  positions.forEach((slot) => { slot.textContent = "_"; });
  feedback.textContent = "";
  select(0);
  showLeft();
}
function check() {
  if (over) return;
  if (guess.includes(null)) {
    feedback.textContent = "Fill all four positions before checking.";
    return;
  }
  const [exact, misplaced] = score(secret, guess);
  used += 1;
  const item = document.createElement("li");
  item.textContent = `${guess.join(" ")} — ${exact} exact, ${misplaced} misplaced`;
  history.append(item);
  const code = secret.join(" ");
  if (exact === 4) {
    over = true;
    feedback.textContent = `You won in ${used} ${used === 1 ? "guess" : "guesses"}! The code was ${code}.`;
  } else if (used === 10) {
    over = true;
    feedback.textContent = `Out of guesses. The code was ${code}.`;
  } else {
    feedback.textContent = `${exact} exact, ${misplaced} misplaced`;
  }
  showLeft();
}
document.getElementById("check").addEventListener("click", check);
document.getElementById("new").addEventListener("click", round);
document.addEventListener("keydown", (event) => {
  if (event.key >= "1" && event.key <= "6") fill(Number(event.key));
  if (event.key === "Enter") {
    event.preventDefault();
    check();
  }
});
round();
