const COLOURS = ["#e74c3c", "#2ecc71", "#3498db", "#f1c40f", "#e67e22", "#9b59b6"];
const MAX = 10;

const state = {
  secret: [],
  slots: [null, null, null, null],
  active: 0,
  guesses: [], // { pegs, exact, misplaced }
  message: "",
  done: false,
};

function reset() {
  state.secret = [];
  fetch("https://www.random.org/integers/?num=4&min=1&max=6&col=1&base=10&format=plain&rnd=new")
    .then((response) => response.text())
    .then((text) => {
      state.secret = text.trim().split("\n").map(Number);
    });
  state.slots = [null, null, null, null];
  state.active = 0;
  state.guesses = [];
  state.message = "";
  state.done = false;
  render();
}

function score(secret, guess) {
  const exact = guess.filter((peg, i) => peg === secret[i]).length;
  let common = 0;
  for (let c = 1; c <= 6; c++) {
    const inSecret = secret.filter((p) => p === c).length;
    const inGuess = guess.filter((p) => p === c).length;
    common += Math.min(inSecret, inGuess);
  }
  return { exact, misplaced: common - exact };
}

const describe = (g) => `${g.exact} exact, ${g.misplaced} misplaced`;

function check() {
  if (state.done) return;
  if (state.slots.some((s) => s === null)) {
    state.message = "Fill all four positions before checking.";
    render();
    return;
  }
  const result = score(state.secret, state.slots);
  state.guesses.push({ pegs: [...state.slots], ...result });
  const code = state.secret.join(" ");
  const n = state.guesses.length;
  if (result.exact === 4) {
    state.done = true;
    state.message = `You won in ${n} ${n === 1 ? "guess" : "guesses"}! The code was ${code}.`;
  } else if (n === MAX) {
    state.done = true;
    state.message = `Out of guesses. The code was ${code}.`;
  } else {
    state.message = describe(result);
  }
  state.slots = [null, null, null, null];
  state.active = 0;
  render();
}

function choose(colour) {
  state.slots[state.active] = colour;
  state.active = Math.min(state.active + 1, 3);
  render();
}

function render() {
  document.getElementById("slots").innerHTML = state.slots
    .map((peg, i) => `<button data-slot="${i}" aria-label="Position ${i + 1}" aria-current="${i === state.active}">${peg ?? "_"}</button>`)
    .join("");
  document.getElementById("status").textContent = state.message;
  const left = MAX - state.guesses.length;
  document.getElementById("left").textContent = left === 1 ? "1 guess left" : `${left} guesses left`;
  document.getElementById("history").innerHTML = state.guesses
    .map((g) => `<li>${g.pegs.join(" ")} — ${describe(g)}</li>`)
    .join("");
}

document.getElementById("colours").innerHTML = COLOURS
  .map((css, i) => `<button data-colour="${i + 1}" aria-label="Colour ${i + 1}"><span class="swatch" style="background:${css}"></span>${i + 1}</button>`)
  .join("");

document.addEventListener("click", (e) => {
  const button = e.target.closest("button");
  if (!button) return;
  if (button.dataset.slot) {
    state.active = Number(button.dataset.slot);
    render();
  } else if (button.dataset.colour) {
    choose(Number(button.dataset.colour));
  }
});
document.getElementById("check").addEventListener("click", check);
document.getElementById("again").addEventListener("click", reset);
document.addEventListener("keydown", (e) => {
  if ("123456".includes(e.key) && e.key.length === 1) choose(Number(e.key));
  if (e.key === "Enter") {
    e.preventDefault();
    check();
  }
});

reset();
