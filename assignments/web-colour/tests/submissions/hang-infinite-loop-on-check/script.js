const positionButtons = document.querySelectorAll(".pos");
const colourButtons = document.querySelectorAll(".col");
const feedback = document.getElementById("feedback");
const remaining = document.getElementById("remaining");
const historyList = document.getElementById("historyList");

let secret = [];
let slots = [0, 0, 0, 0]; // 0 means empty
let selected = 0;
let guessCount = 0;
let finished = false;

function randomColour() {
  return Math.floor(Math.random() * 6) + 1;
}

function startRound() {
  secret = [randomColour(), randomColour(), randomColour(), randomColour()];
  slots = [0, 0, 0, 0];
  selected = 0;
  guessCount = 0;
  finished = false;
  feedback.textContent = "";
  historyList.innerHTML = "";
  updateRemaining();
  updateBoard();
}

function updateBoard() {
  positionButtons.forEach(function (btn, i) {
    btn.textContent = slots[i] === 0 ? "" : slots[i];
    btn.setAttribute("aria-pressed", i === selected ? "true" : "false");
  });
}

function updateRemaining() {
  const left = 10 - guessCount;
  remaining.textContent = left + (left === 1 ? " guess left" : " guesses left");
}

function countPegs(code, attempt) {
  let exact = 0;
  const codeCounts = [0, 0, 0, 0, 0, 0, 0];
  const attemptCounts = [0, 0, 0, 0, 0, 0, 0];
  let i = 0;
  while (i < 4) {
    if (code[i] === attempt[i]) {
      exact++;
      i++;
    } else {
      codeCounts[code[i]]++;
      attemptCounts[attempt[i]]++;
    }
  }
  let misplaced = 0;
  for (let c = 1; c <= 6; c++) {
    misplaced += Math.min(codeCounts[c], attemptCounts[c]);
  }
  return [exact, misplaced];
}

function checkGuess() {
  if (finished) return;
  if (slots.includes(0)) {
    feedback.textContent = "Fill all four positions before checking.";
    return;
  }
  guessCount++;
  const [exact, misplaced] = countPegs(secret, slots);
  const result = exact + " exact, " + misplaced + " misplaced";

  const li = document.createElement("li");
  li.textContent = slots.join(" ") + " — " + result;
  historyList.appendChild(li);

  if (exact === 4) {
    finished = true;
    const word = guessCount === 1 ? "guess" : "guesses";
    feedback.textContent = `You won in ${guessCount} ${word}! The code was ${secret.join(" ")}.`;
  } else if (guessCount === 10) {
    finished = true;
    feedback.textContent = `Out of guesses. The code was ${secret.join(" ")}.`;
  } else {
    feedback.textContent = result;
  }
  updateRemaining();
  slots = [0, 0, 0, 0];
  selected = 0;
  updateBoard();
}

positionButtons.forEach(function (btn) {
  btn.addEventListener("click", function () {
    selected = Number(btn.dataset.index);
    updateBoard();
  });
});

function putColour(colour) {
  slots[selected] = colour;
  if (selected < 3) selected++;
  updateBoard();
}

colourButtons.forEach(function (btn) {
  btn.addEventListener("click", function () {
    putColour(Number(btn.dataset.colour));
  });
});

document.getElementById("checkBtn").addEventListener("click", checkGuess);
document.getElementById("newBtn").addEventListener("click", startRound);

document.addEventListener("keydown", function (event) {
  const n = parseInt(event.key);
  if (n >= 1 && n <= 6) {
    putColour(n);
  } else if (event.key === "Enter") {
    event.preventDefault();
    checkGuess();
  }
});

startRound();
