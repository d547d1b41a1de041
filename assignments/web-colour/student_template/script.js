// Colour code: your game. README.md (beside this file) is the contract the grader checks: read it first.
// index.html and style.css are done; write the game here. Open index.html in a browser to try it.

const POSITIONS = 4;
const COLOURS = 6;
const MAX_GUESSES = 10;

const slotButtons = Array.from(document.querySelectorAll(".slot"));   // Position 1..4
const colourButtons = Array.from(document.querySelectorAll(".colour")); // Colour 1..6
const feedback = document.getElementById("feedback");
const guessesLeft = document.getElementById("guesses-left");
const historyList = document.getElementById("history");

let secret = [];                 // the hidden code, e.g. [1, 1, 2, 2]
let guess = [null, null, null, null]; // the colour in each position, null while empty
let selected = 0;                // which position a colour goes into (0 is Position 1)
let guessesUsed = 0;
let over = false;                // true after a win or the tenth guess

// The grader seeds Math.random, so draw the code exactly like this (the handout's rule 1). Keep it.
function drawSecret() {
  const code = [];
  for (let i = 0; i < POSITIONS; i++) {
    code.push(Math.floor(Math.random() * COLOURS) + 1);
  }
  return code;
}

// TODO: count the exact and misplaced pegs of `guess` against `secret` (rule 4).
//   score([1, 1, 2, 2], [1, 2, 1, 3]) gives { exact: 1, misplaced: 2 }
//   score([1, 2, 3, 4], [1, 1, 1, 1]) gives { exact: 1, misplaced: 0 }
function score(secret, guess) {
  return { exact: 0, misplaced: 0 };
}

// TODO: start a round (rule 9): a new secret, empty positions, Position 1 selected, no feedback,
// an empty history and "10 guesses left".
function newRound() {
  secret = drawSecret();
}

// TODO: select position `index` (0 to 3) and show it with aria-pressed (rule 2). Each Position button
// holds a <span class="peg"> for the number of the colour chosen there.
function selectPosition(index) {
}

// TODO: put `colour` (1 to 6) in the selected position, show it, and select the next position (rule 2).
function chooseColour(colour) {
}

// TODO: check the guess (rules 3 to 8): refuse an incomplete one, otherwise score it, add a line to
// the history, update the feedback and the guesses left, and end the game on a win or the tenth guess.
function checkGuess() {
}

slotButtons.forEach((button, i) => button.addEventListener("click", () => selectPosition(i)));
colourButtons.forEach((button, i) => button.addEventListener("click", () => chooseColour(i + 1)));
document.getElementById("check").addEventListener("click", checkGuess);
document.getElementById("new-round").addEventListener("click", newRound);

// TODO: the keyboard (rule 10): digits 1 to 6 choose a colour, Enter checks the guess.

newRound();
